import {
  chartVariable,
  fabricaVariables,
  formatNumber,
  formatPercent,
  percentOfMeta,
  trendPoints,
  trendSubtitle,
} from '@planta/charts';
import { dashboardWindow } from '@planta/domain';
import { type DefinicionInforme, fechaParametro, periodoDia } from './definicion.ts';
import type { Seccion } from './informe.ts';

/**
 * /fabrica (Dashboard Fábrica): the KPI figures of the plant's production variables on the day
 * (diario, mensual and anual against their metas, as the cards show them) and the chosen variable's
 * last three months (the screen's chart, `?variable=`, else the first).
 */
export const informeFabrica: DefinicionInforme = async ({ viewer, hoy, parametros, servicios }) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  return {
    periodo: periodoDia(fecha),
    archivo: `dashboard-fabrica_${fecha}`,
    parametros: { desde: fecha, hasta: fecha, fecha },
    async secciones() {
      const lista = fabricaVariables(await servicios.variables.variables(viewer, {}));
      const resumen = await servicios.variables.resumenVariables(viewer, {
        nombres: lista.map((v) => v.nombre),
        fecha,
      });
      const porNombre = new Map(resumen.map((r) => [r.variable.nombre, r]));
      const pct = (valor: number | null, meta: number | null) => {
        const p = percentOfMeta(valor, meta);
        return p === null ? '—' : formatPercent(p);
      };
      const filas = lista.map((v) => {
        const r = porNombre.get(v.nombre);
        const f = (x: number | null | undefined) => formatNumber(x ?? null, v.decimales);
        return [
          v.nombre,
          f(r?.diario),
          f(r?.meta),
          pct(r?.diario ?? null, r?.meta ?? null),
          f(r?.mensual),
          f(r?.metaMensual),
          f(r?.anual),
          f(r?.metaAnual),
          // The day in progress against the meta due by now (issue 31); = % de la meta once over.
          f(r?.metaRitmo),
          r?.ritmo === null || r?.ritmo === undefined ? '—' : formatPercent(r.ritmo),
        ];
      });
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: 'Variables de producción',
          nota:
            'Mensual y anual: acumulado hasta el último día con valor del periodo, frente a la meta del periodo. ' +
            'Ritmo: el día frente a la meta a esta hora (la meta del día prorrateada al tiempo de producción ' +
            'programado transcurrido); al cerrar el día es igual al % de la meta.',
          columnas: [
            { titulo: 'Variable', ancho: 2.4 },
            { titulo: 'Diario' },
            { titulo: 'Meta del día' },
            { titulo: '% de la meta', ancho: 0.9 },
            { titulo: 'Mensual' },
            { titulo: 'Meta mensual' },
            { titulo: 'Anual', ancho: 1.15 },
            { titulo: 'Meta anual', ancho: 1.15 },
            { titulo: 'Meta a esta hora' },
            { titulo: 'Ritmo', ancho: 0.9 },
          ],
          filas,
        },
      ];
      const elegida = chartVariable<(typeof lista)[number]>(
        lista,
        lista.find((v) => v.nombre === parametros.variable) ?? {},
      );
      if (elegida) {
        const ventana = dashboardWindow(fecha);
        const historia = await servicios.variables.historicosVariable(viewer, {
          nombre: elegida.nombre,
          desde: ventana.monthlyFrom,
          hasta: ventana.to,
        });
        secciones.push({
          tipo: 'grafico',
          titulo: elegida.nombre,
          subtitulo: trendSubtitle(fecha),
          grafico: {
            tipo: 'tendencia',
            entrada: {
              points: trendPoints(historia, fecha, elegida.agregacion),
              unidad: elegida.unidad,
              decimales: elegida.decimales,
              agregacion: elegida.agregacion,
            },
            variable: { unidad: elegida.unidad, minimo: elegida.minimo, maximo: elegida.maximo },
          },
        });
      }
      return secciones;
    },
  };
};
