import {
  formatNumber,
  formatPercent,
  percentOfMeta,
  rendimientoSections,
  trendPoints,
  trendSubtitle,
} from '@planta/charts';
import { dashboardWindow } from '@planta/domain';
import { type ContextoInforme, type DefinicionInforme, fechaParametro, periodoDia } from './definicion.ts';
import type { ColumnaTabla, Seccion } from './informe.ts';

type VariableKpi = Awaited<ReturnType<ContextoInforme['servicios']['variables']['variables']>>[number];
type ResumenKpi = Awaited<ReturnType<ContextoInforme['servicios']['variables']['resumenVariables']>>[number];

export const COLUMNAS_KPI: ColumnaTabla[] = [
  { titulo: 'Variable', ancho: 2.4 },
  { titulo: 'Diario' },
  { titulo: 'Meta del día' },
  { titulo: '% de la meta', ancho: 0.9 },
  { titulo: 'Mensual' },
  { titulo: 'Meta mensual' },
  { titulo: 'Anual', ancho: 1.15 },
  { titulo: 'Meta anual', ancho: 1.15 },
];

/** A KPI card as a table row: diario, meta, % of the meta, mensual and anual against their metas. */
export function filaKpi(v: VariableKpi, r: ResumenKpi | undefined): string[] {
  const f = (x: number | null | undefined) => formatNumber(x ?? null, v.decimales);
  const pct = percentOfMeta(r?.diario ?? null, r?.meta ?? null);
  return [
    v.nombre,
    f(r?.diario),
    f(r?.meta),
    pct === null ? '—' : formatPercent(pct),
    f(r?.mensual),
    f(r?.metaMensual),
    f(r?.anual),
    f(r?.metaAnual),
  ];
}

/**
 * /rendimiento (Rendimientos y Consumo): the day's yields and beverage loss, and the plant's
 * consumptions, as the KPI cards show them (diario, mensual and anual against their metas), and
 * the chosen variable's last three months (`?variable=`, else the first, as on the screen).
 */
export const informeRendimiento: DefinicionInforme = async ({ viewer, hoy, parametros, servicios }) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  return {
    periodo: periodoDia(fecha),
    archivo: `rendimientos-consumo_${fecha}`,
    parametros: { desde: fecha, hasta: fecha, fecha },
    async secciones() {
      const { rendimientos, consumos } = rendimientoSections(await servicios.variables.variables(viewer, {}));
      const todas = [...rendimientos, ...consumos];
      if (todas.length === 0) {
        return [{ tipo: 'texto', texto: 'No hay variables de rendimiento ni de consumo activas.' }];
      }
      const resumen = await servicios.variables.resumenVariables(viewer, {
        nombres: todas.map((v) => v.nombre),
        fecha,
      });
      const porNombre = new Map(resumen.map((r) => [r.variable.nombre, r]));
      const secciones: Seccion[] = [];
      if (rendimientos.length > 0) {
        secciones.push({
          tipo: 'tabla',
          titulo: 'Rendimientos',
          nota: 'Consumo estándar / consumo real: mayor es mejor; la merma, menor. Mensual y anual: acumulado hasta el último día con valor del periodo.',
          columnas: COLUMNAS_KPI,
          filas: rendimientos.map((v) => filaKpi(v, porNombre.get(v.nombre))),
        });
      }
      if (consumos.length > 0) {
        secciones.push({
          tipo: 'tabla',
          titulo: 'Consumos',
          nota: 'Agua, energía y gas de la planta: menor es mejor.',
          columnas: COLUMNAS_KPI,
          filas: consumos.map((v) => filaKpi(v, porNombre.get(v.nombre))),
        });
      }
      const elegida = todas.find((v) => v.nombre === parametros.variable) ?? todas[0]!;
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
      return secciones;
    },
  };
};
