import {
  cumplimiento,
  diasDelMes,
  formatFecha,
  formatFechaLarga,
  formatMesAnioLargo,
  formatPercent,
  formatValue,
  metaALaFecha,
  planificacionSections,
  primerDiaMes,
  proyeccionCierre,
  puntosDelMes,
  resumenAnual,
  UNIDAD_VOLUMEN,
} from '@planta/charts';
import { type DefinicionInforme, fechaParametro } from './definicion.ts';
import type { Seccion } from './informe.ts';
import { COLUMNAS_KPI, filaKpi } from './rendimiento.ts';

const cu = (v: number | null | undefined) => formatValue(v, UNIDAD_VOLUMEN);
const pct = (v: number | null | undefined) => formatPercent(v);

/**
 * /planificacion (Planificación y M. Prima): for the day `fecha`, the month's production to date
 * against its plan (negociado and AOP, the plan to date, the projection to the close) and the
 * year's progress, as the compliance card shows them; the year's monthly volume (chart and
 * table) and the month's daily volume; and the raw materials and planning indicators as the KPI
 * cards show them. Same services as the screen's queries (volumenMensual, volumenDiario,
 * cumplimientoProduccion, resumenVariables).
 */
export const informePlanificacion: DefinicionInforme = async ({ viewer, hoy, parametros, servicios }) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  const anio = Number(fecha.slice(0, 4));
  const mesTexto = formatMesAnioLargo(fecha);
  return {
    periodo: `Día de producción: ${formatFechaLarga(fecha)} (${mesTexto} y año ${anio} a la fecha)`,
    archivo: `planificacion_${fecha}`,
    parametros: { desde: primerDiaMes(fecha), hasta: fecha, fecha },
    async secciones() {
      const planes = servicios.planificaciones;
      const [meses, dias, compliance, catalogo] = await Promise.all([
        planes.volumenMensual({ anio }),
        planes.volumenDiario({ desde: primerDiaMes(fecha), hasta: fecha }),
        planes.cumplimientoProduccion({ fecha }),
        servicios.variables.variables(viewer, {}),
      ]);
      const planALaFecha = metaALaFecha(dias, fecha);
      const anual = resumenAnual(meses, Number(fecha.slice(5, 7)), planALaFecha);
      const real = compliance.real;
      const plan = compliance.plan;
      const esperado = (total: number | null | undefined) =>
        planALaFecha !== null && total ? (planALaFecha / total) * 100 : null;
      const avance = (planTotal: number | null | undefined, p: number | null) =>
        planTotal == null ? 'Sin plan' : pct(p);
      const notas = [
        `Proyección al cierre del mes: ${cu(proyeccionCierre(real, planALaFecha, plan?.negociado ?? null))}.`,
      ];
      if (plan === null) notas.unshift(`Sin plan cargado para ${mesTexto}.`);
      if (anual.mesesConPlan > 0 && anual.mesesConPlan < 12) {
        notas.push(`Plan del año cargado para ${anual.mesesConPlan} de 12 meses.`);
      }
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: 'Cumplimiento de producción',
          nota: `${mesTexto} · al ${formatFecha(fecha)}. ${notas.join(' ')}`,
          columnas: [
            { titulo: 'Concepto', ancho: 1.6 },
            { titulo: 'Plan' },
            { titulo: 'Real a la fecha' },
            { titulo: 'Avance', ancho: 0.8 },
            { titulo: 'Esperado a la fecha', ancho: 1 },
          ],
          filas: [
            [
              'Plan del mes a la fecha',
              cu(planALaFecha),
              cu(real),
              pct(cumplimiento(real, planALaFecha)),
              '—',
            ],
            [
              'Negociado del mes',
              cu(plan?.negociado),
              cu(real),
              avance(plan?.negociado, compliance.cumplimientoNegociado),
              pct(esperado(plan?.negociado)),
            ],
            [
              'AOP del mes',
              cu(plan?.aop),
              cu(real),
              avance(plan?.aop, compliance.cumplimientoAop),
              pct(esperado(plan?.aop)),
            ],
            [
              `Negociado del año ${anio}`,
              cu(anual.negociado),
              cu(anual.real),
              avance(anual.negociado, anual.avanceNegociado),
              pct(anual.esperadoNegociado),
            ],
            [
              `AOP del año ${anio}`,
              cu(anual.aop),
              cu(anual.real),
              avance(anual.aop, anual.avanceAop),
              pct(anual.esperadoAop),
            ],
          ],
        },
        {
          tipo: 'grafico',
          titulo: `Volumen mensual ${anio}`,
          subtitulo: 'Producción real de cada mes frente al negociado y al AOP (CU).',
          grafico: { tipo: 'volumen-mensual', entrada: { meses, anio, fecha } },
          alto: 340,
        },
        {
          tipo: 'tabla',
          titulo: `Volumen por mes ${anio}`,
          columnas: [
            { titulo: 'Mes' },
            { titulo: 'Negociado' },
            { titulo: 'AOP' },
            { titulo: 'Real' },
            { titulo: '% del negociado' },
            { titulo: '% del AOP' },
          ],
          filas: [...meses]
            .sort((a, b) => a.mes - b.mes)
            .map((m) => [
              m.nombreMes,
              cu(m.negociado),
              cu(m.aop),
              cu(m.real),
              pct(cumplimiento(m.real, m.negociado)),
              pct(cumplimiento(m.real, m.aop)),
            ]),
        },
        {
          tipo: 'grafico',
          titulo: `Volumen diario · ${mesTexto}`,
          subtitulo:
            'Producción de cada día frente a su meta; a la derecha, el acumulado del mes frente a la meta acumulada (CU).',
          grafico: { tipo: 'volumen-diario', entrada: { puntos: puntosDelMes(diasDelMes(fecha), dias) } },
          alto: 320,
        },
      ];

      const { materiaPrima, indicadores } = planificacionSections(catalogo);
      const nombres = [...materiaPrima, ...indicadores].map((x) => x.nombre);
      if (nombres.length === 0) {
        secciones.push({
          tipo: 'texto',
          texto: 'No hay variables de materia prima ni de planificación activas.',
        });
        return secciones;
      }
      const resumen = await servicios.variables.resumenVariables(viewer, { nombres, fecha });
      const porNombre = new Map(resumen.map((r) => [r.variable.nombre, r]));
      if (materiaPrima.length > 0) {
        secciones.push({
          tipo: 'tabla',
          titulo: 'Materia prima',
          nota: 'Consumo de materias primas del día, del mes y del año.',
          columnas: COLUMNAS_KPI,
          filas: materiaPrima.map((x) => filaKpi(x, porNombre.get(x.nombre))),
        });
      }
      if (indicadores.length > 0) {
        secciones.push({
          tipo: 'tabla',
          titulo: 'Indicadores de planificación',
          nota: 'Adherencia al programa, nivel de servicio e inventario.',
          columnas: COLUMNAS_KPI,
          filas: indicadores.map((x) => filaKpi(x, porNombre.get(x.nombre))),
        });
      }
      return secciones;
    },
  };
};
