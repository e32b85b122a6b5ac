import {
  alturaPareto,
  diasEntre,
  energiaPorHora,
  formatFecha,
  formatMesAnioLargo,
  formatNumber,
  formatPercent,
  formatValue,
  type Indicadores,
  MTTF_BASE,
  MTTR_BASE,
  resolverPeriodo,
  totalPlanta,
} from '@planta/charts';
import { productionDayRange } from '@planta/domain';
import { type DefinicionInforme, fechaParametro, periodoRango } from './definicion.ts';
import type { Seccion } from './informe.ts';

const INDICADORES: { titulo: string; valor: (i: Indicadores) => string }[] = [
  { titulo: 'MTTR', valor: (i) => formatValue(i.mttr, 'min', 1) },
  { titulo: 'MTTF', valor: (i) => formatValue(i.mttf, 'min', 1) },
  { titulo: 'MTBF', valor: (i) => formatValue(i.mtbf, 'min', 1) },
  { titulo: 'N.º de fallas', valor: (i) => formatNumber(i.fallas) },
  { titulo: 'Tiempo de paro', valor: (i) => formatValue(i.minutos_paro, 'min', 0) },
  { titulo: 'Disponibilidad', valor: (i) => formatPercent(i.disponibilidad, 2) },
];

/**
 * /mantenimiento (Energía): over the screen's range (the month of `fecha`, or `desde`/`hasta`),
 * MTTR, MTTF, MTBF, failures, downtime and availability per line and for the plant, the daily MTTR
 * and MTTF charts, the downtime Pareto by cause (with its table); for the day `fecha`, each line's
 * energy per hour.
 */
export const informeMantenimiento: DefinicionInforme = async ({
  viewer,
  hoy,
  plantTz,
  parametros,
  servicios,
}) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  const desdeParam = fechaParametro(parametros.desde, 'desde', hoy);
  const hastaParam = fechaParametro(parametros.hasta, 'hasta', hoy);
  const periodo = resolverPeriodo(
    desdeParam,
    hastaParam,
    fecha,
    hoy,
    (await servicios.primerDia()) ?? undefined,
  );
  const { desde, hasta } = periodo;
  const textoPeriodo = periodo.mes
    ? `${formatMesAnioLargo(desde)} (${formatFecha(desde)} al ${formatFecha(hasta)}) · energía por hora del ${formatFecha(fecha)}`
    : `${periodoRango(desde, hasta)} · energía por hora del ${formatFecha(fecha)}`;
  return {
    periodo: textoPeriodo,
    archivo: `energia_${desde}_${hasta}`,
    parametros: { desde, hasta, fecha },
    async secciones() {
      const lineas = await servicios.mantenimiento.mantenimientoLineas(desde, hasta);
      const planta = totalPlanta(lineas);
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: 'Mantenimiento por línea',
          nota: 'Planta: razones de las sumas de las líneas (minutos de falla, de marcha y fallas).',
          columnas: [{ titulo: 'Línea', ancho: 1.3 }, ...INDICADORES.map((i) => ({ titulo: i.titulo }))],
          filas: [
            ['Planta', ...INDICADORES.map((i) => i.valor(planta))],
            ...lineas.map((l) => [l.nombre, ...INDICADORES.map((i) => i.valor(l))]),
          ],
        },
      ];

      // Each line's MTTR and MTTF variables ('MTTR (min)_561') that exist, as the screen asks for them.
      const conocidas = new Set((await servicios.variables.variables(viewer, {})).map((v) => v.nombre));
      const seriesVars = lineas.flatMap((l) =>
        [MTTR_BASE, MTTF_BASE]
          .map((base) => `${base}${l.sufijo}`)
          .filter((n) => l.sufijo !== '' && conocidas.has(n))
          .map((variable) => ({ variable, linea: l.linea, nombre: l.nombre })),
      );
      const nombres = seriesVars.map((s) => s.variable);
      await servicios.variables.requireReadableNombres(viewer, nombres);
      const mttr = nombres.length > 0 ? await servicios.mantenimiento.mttrMttf(nombres, desde, hasta) : [];
      const dias = diasEntre(desde, hasta);
      for (const tipo of ['mttr', 'mttf'] as const) {
        const series = seriesVars
          .filter((s) => s.variable.startsWith(tipo.toUpperCase()))
          .map((s) => ({ ...s, puntos: mttr.find((m) => m.nombre === s.variable)?.puntos ?? [] }));
        secciones.push({
          tipo: 'grafico',
          titulo: tipo === 'mttr' ? 'MTTR por línea (min)' : 'MTTF por línea (min)',
          subtitulo:
            tipo === 'mttr'
              ? 'Tiempo medio de reparación de cada día: minutos de falla / fallas.'
              : 'Tiempo medio hasta la falla de cada día: minutos de marcha / fallas.',
          grafico: { tipo: 'mttr', entrada: { tipo, dias, series } },
          alto: 300,
        });
      }

      const rango = productionDayRange(fecha, plantTz);
      const energia = [];
      for (const l of lineas) {
        const filas = await servicios.produccion.contadoresHora(l.linea_id, rango.start, rango.end);
        energia.push({
          nombre: l.nombre,
          linea: l.linea,
          valores: energiaPorHora(
            filas.map((f) => ({ fecha: new Date(f.fecha).toISOString(), energia: f.energia })),
            plantTz,
          ),
        });
      }
      secciones.push({
        tipo: 'grafico',
        titulo: 'Energía por hora (kWh)',
        subtitulo: `Energía eléctrica de cada línea por hora del día de producción ${formatFecha(fecha)} (08:00 a 07:00).`,
        grafico: { tipo: 'energia', entrada: { series: energia } },
        alto: 320,
      });
      secciones.push({
        tipo: 'tabla',
        titulo: 'Energía del día por línea',
        columnas: [{ titulo: 'Línea' }, { titulo: 'Energía (kWh)' }, { titulo: 'Horas con registro' }],
        filas: energia.map((e) => {
          const valores = e.valores.filter((v): v is number => v !== null);
          return [
            e.nombre,
            valores.length > 0
              ? formatNumber(
                  valores.reduce((s, v) => s + v, 0),
                  2,
                )
              : '—',
            formatNumber(valores.length),
          ];
        }),
      });

      const barras = await servicios.mantenimiento.parosPareto(desde, hasta, null, 'CAUSA', undefined);
      secciones.push({
        tipo: 'grafico',
        titulo: 'Pareto de paros',
        subtitulo: 'Minutos de paro (fallas y microparos) por causa, de mayor a menor, con el % acumulado.',
        grafico: { tipo: 'pareto', entrada: { barras, agrupar: 'CAUSA' } },
        alto: alturaPareto(barras.length),
      });
      secciones.push({
        tipo: 'tabla',
        titulo: 'Paros por causa',
        columnas: [
          { titulo: 'Causa', ancho: 2.2 },
          { titulo: 'Equipo', ancho: 1.6, alinear: 'left' },
          { titulo: 'Tiempo de paro' },
          { titulo: 'Paros', ancho: 0.7 },
          { titulo: '% del total', ancho: 0.9 },
          { titulo: '% acumulado', ancho: 0.9 },
        ],
        filas: barras.map((b) => [
          b.nombre,
          b.equipo,
          formatValue(b.minutos, 'min', 1),
          formatNumber(b.paros),
          formatPercent(b.porcentaje),
          formatPercent(b.porcentaje_acumulado),
        ]),
      });
      return secciones;
    },
  };
};
