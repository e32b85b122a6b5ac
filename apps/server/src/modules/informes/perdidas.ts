import { formatNumber, formatPercent, formatValue } from '@planta/charts';
import { fechaHoraPlanta } from '@planta/domain';
import { badInput } from '../../errors.ts';
import { type DefinicionInforme, fechaParametro, periodoRango } from './definicion.ts';
import type { Seccion } from './informe.ts';

const min = (v: number | null | undefined) => formatValue(v, 'min', 1);

/**
 * /fabrica/perdidas: the losses of a line (`linea`, its number) or the plant over the screen's day
 * (`fecha`) or range (`desde`/`hasta`), optionally one shift (`turno`): the OEE waterfall, the
 * Pareto of unplanned stops' reasons, planned stops, the longest stops and the changeovers, from
 * perdidasOee (the same figures the screen shows).
 */
export const informePerdidas: DefinicionInforme = async ({ hoy, plantTz, parametros, servicios }) => {
  const fecha = fechaParametro(parametros.fecha, 'fecha', hoy);
  const desde = fechaParametro(parametros.desde, 'desde', hoy) ?? fecha ?? hoy;
  const hasta = fechaParametro(parametros.hasta, 'hasta', hoy) ?? fecha ?? desde;
  const lineas = await servicios.lineas.lineas();
  const linea = parametros.linea ? lineas.find((l) => String(l.numero) === parametros.linea) : undefined;
  if (parametros.linea && !linea) throw badInput('El campo "linea" no es una línea de producción', 'linea');
  const turno = parametros.turno ? Number(parametros.turno) : null;
  if (turno !== null && !Number.isInteger(turno))
    throw badInput('El campo "turno" debe ser un número de turno', 'turno');
  const args = { linea_id: linea?.id ?? null, desde, hasta, turno };
  // Checked now (range, shift): a bad one is the mutation's error, not a failed export.
  const p = await servicios.perdidas.perdidasOee(args);
  const quien = linea ? linea.nombre : 'Planta';
  return {
    periodo: `${periodoRango(desde, hasta)} · ${quien}${turno !== null ? ` · turno ${turno}` : ''}`,
    archivo: `perdidas_${desde}_${hasta}${linea ? `_linea-${linea.numero}` : ''}${turno !== null ? `_turno-${turno}` : ''}`,
    parametros: {
      desde,
      hasta,
      ...(linea ? { linea: linea.numero } : {}),
      ...(turno !== null ? { turno } : {}),
    },
    async secciones() {
      const secciones: Seccion[] = [
        {
          tipo: 'tabla',
          titulo: 'OEE explicado',
          nota: 'Tiempo planificado − pérdidas de disponibilidad = tiempo operativo; − rendimiento = neto; − calidad = productivo. OEE = disponibilidad × rendimiento × calidad.',
          columnas: [{ titulo: 'Indicador', ancho: 2 }, { titulo: 'Valor' }],
          filas: [
            ['Tiempo planificado', min(p.tiempo_planificado)],
            ['Tiempo operativo', min(p.tiempo_operativo)],
            ['Tiempo neto', min(p.tiempo_neto)],
            ['Tiempo productivo', min(p.tiempo_productivo)],
            ['Disponibilidad', formatPercent(p.disponibilidad, 2)],
            ['Rendimiento', formatPercent(p.rendimiento, 2)],
            ['Calidad', formatPercent(p.calidad, 2)],
            ['OEE', formatPercent(p.oee, 2)],
            ['Paros planificados (aparte)', min(p.paros_planificados)],
            ['MTBF', min(p.mtbf)],
            ['MTTR', min(p.mttr)],
            ['Minutos de paro sin motivo', formatPercent(p.sin_motivo_pct, 1)],
          ],
        },
        {
          tipo: 'tabla',
          titulo: 'Pérdidas por clase',
          columnas: [{ titulo: 'Pérdida', ancho: 2 }, { titulo: 'Grupo' }, { titulo: 'Minutos' }],
          filas: p.perdidas.map((x) => [x.etiqueta, x.grupo, formatNumber(x.minutos, 1)]),
        },
        {
          tipo: 'tabla',
          titulo: 'Pareto de motivos de paro (no planificados)',
          columnas: [
            { titulo: 'Motivo', ancho: 2 },
            { titulo: 'Categoría', ancho: 1.5 },
            { titulo: 'Clase' },
            { titulo: 'Minutos' },
            { titulo: 'Paros' },
          ],
          filas: p.pareto.map((x) => [
            x.motivo,
            x.categoria ?? '—',
            x.clase,
            formatNumber(x.minutos, 1),
            formatNumber(x.paros),
          ]),
        },
      ];
      if (p.planificados.length > 0)
        secciones.push({
          tipo: 'tabla',
          titulo: 'Paros planificados',
          columnas: [{ titulo: 'Motivo', ancho: 2 }, { titulo: 'Minutos' }, { titulo: 'Paros' }],
          filas: p.planificados.map((x) => [x.motivo, formatNumber(x.minutos, 1), formatNumber(x.paros)]),
        });
      if (p.principales.length > 0)
        secciones.push({
          tipo: 'tabla',
          titulo: 'Paros más largos',
          columnas: [
            { titulo: 'Línea', ancho: 1.2 },
            { titulo: 'Inicio', ancho: 1.4 },
            { titulo: 'Minutos' },
            { titulo: 'Clase' },
            { titulo: 'Motivo', ancho: 2 },
          ],
          filas: p.principales.map((x) => [
            x.linea_nombre,
            fechaHoraPlanta(new Date(x.inicio), plantTz),
            formatNumber(x.minutos, 1),
            x.clase,
            x.motivo?.nombre ?? 'Sin motivo',
          ]),
        });
      if (p.cambios_formato.length > 0)
        secciones.push({
          tipo: 'tabla',
          titulo: 'Cambios de formato',
          columnas: [
            { titulo: 'Desde', ancho: 2 },
            { titulo: 'Hasta', ancho: 2 },
            { titulo: 'Cambios' },
            { titulo: 'Minutos' },
          ],
          filas: p.cambios_formato.map((x) => [
            x.desde,
            x.hasta,
            formatNumber(x.cambios),
            formatNumber(x.minutos, 1),
          ]),
        });
      return secciones;
    },
  };
};
