import {
  formatBrecha,
  formatFecha,
  formatMesAnioLargo,
  formatNumber,
  formatPercent,
  formatValue,
} from '@planta/charts';
import type { Periodo } from '../eficiencia-pagada/eficiencia-pagada.service.ts';
import { type DefinicionInforme, fechaParametro, periodoDia } from './definicion.ts';
import type { Seccion } from './informe.ts';

/** The line in `?linea=` (1–99) as the screen reads it; anything else is the plant. */
function lineaParametro(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d{1,2}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

const cifras = (p: Pick<Periodo, 'pagada' | 'sap' | 'brecha_pp'>) => [
  formatPercent(p.pagada, 2),
  formatPercent(p.sap, 2),
  p.pagada !== null && p.sap !== null ? formatBrecha(p.brecha_pp) : '—',
];

/**
 * /eficiencia_pagada: for the production day `fecha`, paid efficiency against SAP's figure with
 * the gap in pp per line and the plant (day, month and year to date, as the cards), the day's
 * detail, and the month's days of the chosen scope (`linea`, else the plant) as the screen's chart.
 */
export const informeEficienciaPagada: DefinicionInforme = async ({ hoy, parametros, servicios }) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? hoy;
  const linea = lineaParametro(parametros.linea);
  return {
    periodo: periodoDia(fecha),
    archivo: `eficiencia-pagada_${fecha}`,
    parametros: { desde: fecha, hasta: fecha, ...(linea === null ? {} : { linea }) },
    async secciones() {
      const datos = await servicios.eficienciaPagada.consultar({ fecha });
      const alcances = [{ nombre: 'Planta', ...datos.planta }, ...datos.lineas.map((l) => ({ ...l }))];
      const sinSap = alcances.some((a) => a.dia.sap !== null && (a.dia.cobertura_sap ?? 100) < 99.5);
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: 'Eficiencia pagada y SAP',
          nota:
            'Eficiencia pagada: producción buena / capacidad nominal en las horas pagadas del turno. Mes y año a la fecha como razones de sumas; brecha = pagada − SAP en puntos porcentuales.' +
            (sinSap ? ' La cifra SAP del día cubre solo parte de la capacidad en algún alcance.' : ''),
          columnas: [
            { titulo: 'Línea', ancho: 1.2 },
            { titulo: 'Pagada día' },
            { titulo: 'SAP día' },
            { titulo: 'Brecha día' },
            { titulo: 'Pagada mes' },
            { titulo: 'SAP mes' },
            { titulo: 'Brecha mes' },
            { titulo: 'Pagada año' },
            { titulo: 'SAP año' },
            { titulo: 'Brecha año' },
          ],
          filas: alcances.map((a) => [a.nombre, ...cifras(a.dia), ...cifras(a.mes), ...cifras(a.anio)]),
        },
        {
          tipo: 'tabla',
          titulo: `Detalle del día ${formatFecha(fecha)}`,
          columnas: [
            { titulo: 'Línea', ancho: 1.2 },
            { titulo: 'Horas pagadas' },
            { titulo: 'Producido (CU)' },
            { titulo: 'Capacidad pagada (CU)', ancho: 1.2 },
            { titulo: 'Marcha' },
            { titulo: 'Fallas y microparos', ancho: 1.2 },
            { titulo: 'OEE' },
            { titulo: 'ETA' },
          ],
          filas: alcances.map((a) => {
            const d = a.detalle;
            return [
              a.nombre,
              formatValue(d?.horas_pagadas ?? null, 'h', 2),
              formatNumber(d?.producido_cu ?? null, 0),
              formatNumber(d?.capacidad_pagada_cu ?? null, 0),
              formatValue(d?.minutos_marcha ?? null, 'min', 0),
              formatValue(d ? d.minutos_falla + d.minutos_microparo : null, 'min', 0),
              formatPercent(a.dia.oee, 2),
              formatPercent(a.dia.eta, 2),
            ];
          }),
        },
      ];
      const elegida = linea === null ? undefined : datos.lineas.find((l) => l.numero === linea);
      const nombre = elegida?.nombre ?? 'Planta';
      secciones.push({
        tipo: 'grafico',
        titulo: `${nombre}: eficiencia pagada y SAP por día del mes`,
        subtitulo: `${formatMesAnioLargo(fecha)}: eficiencia pagada (barras) y cifra SAP (línea discontinua), en %.`,
        grafico: { tipo: 'eficiencia-pagada', entrada: (elegida ?? datos.planta).dias },
        alto: 300,
      });
      return secciones;
    },
  };
};
