import { fechaHoraPlanta, productionDayRange } from '@planta/domain';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { leerNumeroEsPe } from '../../../components/config/numero.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The kinds of paro and their Spanish labels. */
export const TIPOS_PARO = [
  { value: 'FALLA', label: 'Falla' },
  { value: 'MICROPARO', label: 'Microparo' },
  { value: 'CAMBIO_FORMATO', label: 'Cambio de formato' },
  { value: 'CIP', label: 'CIP' },
  { value: 'PLANIFICADO', label: 'Planificado' },
] as const;
export type TipoParo = (typeof TIPOS_PARO)[number]['value'];
export const tipoLabel = (tipo: string) => TIPOS_PARO.find((t) => t.value === tipo)?.label ?? tipo;

/** Longest paro the server accepts (minutes). */
export const MAX_PARO_MINUTOS = 1440;

/**
 * The pickers edit plant wall-clock time whatever the browser's zone: an instant is shown as its
 * plant-local date and time in a zone-less Dayjs, and a typed wall-clock time is read in the plant zone.
 */
export const aPlanta = (instant: string, timeZone: string): Dayjs =>
  dayjs(dayjs(instant).tz(timeZone).format('YYYY-MM-DDTHH:mm'));
export const desdePlanta = (wall: Dayjs, timeZone: string): string =>
  dayjs.tz(wall.format('YYYY-MM-DDTHH:mm'), timeZone).toISOString();

/** '02/03/2026 09:40' in the plant's zone (the one plant-time formatter: a list of paros formats one per row). */
export const formatInstante = (instant: string, timeZone: string | undefined) =>
  timeZone ? fechaHoraPlanta(instant, timeZone) : instant;

/** The default start of a new paro: 08:00 of the production day. */
export const inicioDelDia = (fecha: string, timeZone: string): Dayjs =>
  aPlanta(productionDayRange(fecha, timeZone).start.toISOString(), timeZone);

/** A number typed es-PE style (see components/config/numero.ts); NaN when it is not a number. */
export const aNumero = (texto: string): number => leerNumeroEsPe(texto) ?? Number.NaN;
