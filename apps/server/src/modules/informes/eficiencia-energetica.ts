import { formatFecha, formatNumber, formatValue } from '@planta/charts';
import { DECIMALES_KPI } from '@planta/charts/eficiencia-energetica/contadores-option';
import { brechaPp, diasEficiencia, type EtaDia, rangoEta } from '@planta/charts/eficiencia-energetica/eta';
import {
  contadoresPorHora,
  energiaDelDia,
  rangoHora,
  variablesEnergiaLinea,
} from '@planta/charts/eficiencia-energetica/horas';
import { linea4PorHora, totalesLinea4 } from '@planta/charts/eficiencia-energetica/linea4';
import { energyDate, hourlyCounterWindow } from '@planta/domain';
import type { EficienciaDia } from '../eficiencia/eficiencia.repository.ts';
import { type DefinicionInforme, fechaParametro, periodoDia } from './definicion.ts';
import type { Seccion } from './informe.ts';

const num = (v: unknown) => (v == null ? null : Number(v));

/** The REST series (/api/pta/historicos/eta…) as the screen reads it: numbers, not SQL numerics. */
const comoEta = (rows: readonly EficienciaDia[]): EtaDia[] =>
  rows.map((r) => ({
    fecha: r.fecha,
    linea: r.linea,
    eta: num(r.eta),
    pagada: num(r.pagada),
    sap: num(r.sap),
  }));

/**
 * /mantenimiento/eficiencia: on the energy date (`fecha`, default: today from 07:00 plant time,
 * else yesterday) and the line `linea` (default: the first), the day's figures, the line's hourly
 * counters 08:00 → 07:00 (chart and table) and the 30-day ETA of the plant and the line (chart and
 * table), from the same services the screen reads (contadoresHora, resumenVariables, datosEta).
 */
export const informeEficienciaEnergetica: DefinicionInforme = async ({
  viewer,
  hoy,
  plantTz,
  parametros,
  servicios,
}) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy) ?? energyDate(new Date(), plantTz);
  const lineas = [...(await servicios.lineas.lineas())].sort((a, b) => a.numero - b.numero);
  const linea = lineas.find((l) => String(l.numero) === parametros.linea) ?? lineas[0];
  return {
    periodo: `${periodoDia(fecha).replace('Día de producción', 'Fecha de energía')}${linea ? ` · ${linea.nombre}` : ''}`,
    archivo: `eficiencia-energetica_${fecha}${linea ? `_linea-${linea.numero}` : ''}`,
    parametros: { desde: fecha, hasta: fecha, ...(linea ? { linea: linea.numero } : {}) },
    async secciones() {
      if (!linea) return [{ tipo: 'texto', texto: 'No hay líneas configuradas.' }] satisfies Seccion[];
      const { start, end } = hourlyCounterWindow(fecha, plantTz);
      const rango = rangoEta(fecha);
      const [contadores, etaPlanta, etaLinea, variables] = await Promise.all([
        servicios.produccion.contadoresHora(linea.id, start, end),
        servicios.eficiencia.daily(rango.desde, rango.hasta, null),
        servicios.eficiencia.daily(rango.desde, rango.hasta, linea.numero),
        servicios.variables.variables(viewer, {}),
      ]);
      const horas = contadoresPorHora(
        contadores.map((c) => ({
          fecha: new Date(c.fecha).toISOString(),
          energia: c.energia,
          eficiencia: c.eficiencia,
          kpi_energia: c.kpi_energia,
          formato: c.formato,
        })),
        plantTz,
      );
      const dias = diasEficiencia(rango.desde, rango.hasta, comoEta(etaPlanta), comoEta(etaLinea));
      const delDia = dias.find((d) => d.fecha === fecha);
      const { kpi } = variablesEnergiaLinea(
        variables.map((v) => ({ nombre: v.nombre, area: v.area, linea: v.linea })),
        linea.numero,
      );
      const kpiDia = kpi
        ? ((await servicios.variables.resumenVariables(viewer, { nombres: [kpi], fecha }))[0]?.diario ?? null)
        : null;
      const pct = (v: number | null | undefined) => formatValue(v, '%', 2);
      // Line 4's own counters (datosLinea4: 25 points over the window), when the plant has it.
      const linea4 = lineas.some((l) => l.numero === 4)
        ? linea4PorHora(
            (await servicios.produccion.scadaLinea(4, start, end, 25)).lecturas.map((l) => ({
              fecha: new Date(l.fecha).toISOString(),
              velocidad: l.velocidad,
              botellas: l.botellas,
              botellas_llenas: l.botellas_llenas,
              paquetes: l.paquetes,
              formato: l.formato,
            })),
            plantTz,
          )
        : null;
      const totales4 = linea4 ? totalesLinea4(linea4) : null;
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: `${linea.nombre}: el día ${formatFecha(fecha)}`,
          nota: 'Energía: suma de los contadores por hora. KPI energía: kWh ÷ litros del día (la variable de la línea).',
          columnas: [
            { titulo: 'Energía del día' },
            { titulo: 'KPI energía' },
            { titulo: 'ETA del día' },
            { titulo: 'Eficiencia pagada' },
            { titulo: 'SAP' },
            { titulo: 'Brecha pagada − SAP' },
          ],
          filas: [
            [
              formatValue(energiaDelDia(horas), 'kWh', 2),
              formatValue(kpiDia, 'kWh/L', DECIMALES_KPI),
              pct(delDia?.eta),
              pct(delDia?.pagada),
              pct(delDia?.sap),
              formatValue(brechaPp(delDia?.pagada ?? null, delDia?.sap ?? null), 'pp', 2),
            ],
          ],
        },
        {
          tipo: 'grafico',
          titulo: `Contadores por hora · ${linea.nombre}`,
          subtitulo: `${formatFecha(fecha)}, de 08:00 a 07:00 del día siguiente · energía (kWh) y eficiencia (%)`,
          grafico: { tipo: 'contadores-hora', entrada: horas },
          alto: 280,
        },
        {
          tipo: 'tabla',
          titulo: `Contadores por hora de ${linea.nombre}`,
          columnas: [
            { titulo: 'Hora', ancho: 1.3 },
            { titulo: 'Energía (kWh)' },
            { titulo: 'Eficiencia (%)' },
            { titulo: 'KPI (kWh/L)' },
            { titulo: 'Formato' },
          ],
          filas: horas.map(({ hora, contador }) => [
            rangoHora(hora),
            formatNumber(contador?.energia, 2),
            formatNumber(contador?.eficiencia, 2),
            formatNumber(contador?.kpi_energia, DECIMALES_KPI),
            contador ? String(contador.formato || '—') : '—',
          ]),
        },
        {
          tipo: 'grafico',
          titulo: 'ETA de los últimos 30 días',
          subtitulo: `${formatFecha(rango.desde)} – ${formatFecha(rango.hasta)} · planta y ${linea.nombre}`,
          grafico: { tipo: 'eta', entrada: { dias, lineaNombre: linea.nombre } },
          alto: 300,
        },
        {
          tipo: 'tabla',
          titulo: `ETA, eficiencia pagada y SAP por día · ${linea.nombre}`,
          columnas: [
            { titulo: 'Día', ancho: 1.1 },
            { titulo: 'ETA planta' },
            { titulo: `ETA ${linea.nombre}` },
            { titulo: 'Pagada' },
            { titulo: 'SAP' },
            { titulo: 'Brecha (pp)' },
          ],
          filas: dias.map((d) => [
            formatFecha(d.fecha),
            pct(d.etaPlanta),
            pct(d.eta),
            pct(d.pagada),
            pct(d.sap),
            formatNumber(brechaPp(d.pagada, d.sap), 2),
          ]),
        },
      ];
      if (linea4) {
        secciones.push(
          {
            tipo: 'tabla',
            titulo: 'Línea 4',
            nota: `Contadores propios · ${formatFecha(fecha)}, de 08:00 a 07:00 del día siguiente.`,
            columnas: [{ titulo: 'Botellas llenas', alinear: 'right' }, { titulo: 'Paquetes' }],
            filas: [[formatNumber(totales4?.botellasLlenas), formatNumber(totales4?.paquetes)]],
          },
          {
            tipo: 'grafico',
            titulo: 'Línea 4: botellas llenas y velocidad media por hora',
            subtitulo: formatFecha(fecha),
            grafico: { tipo: 'linea4', entrada: linea4 },
            alto: 260,
          },
        );
      }
      return secciones;
    },
  };
};
