import { productionDayRange } from '@planta/domain';
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod/mini';
import { comaDecimal, leerNumeroEsPe } from '../../../components/config/numero.ts';

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

/** '02/03/2026 09:40' in the plant's zone. */
export const formatInstante = (instant: string, timeZone: string | undefined) =>
  timeZone ? dayjs(instant).tz(timeZone).format('DD/MM/YYYY HH:mm') : instant;

/** The default start of a new paro: 08:00 of the production day. */
export const inicioDelDia = (fecha: string, timeZone: string): Dayjs =>
  aPlanta(productionDayRange(fecha, timeZone).start.toISOString(), timeZone);

const instante = (requerido: string) =>
  z.custom<Dayjs | null>().check(
    z.refine((v) => v !== null && v !== undefined, requerido),
    z.refine((v) => !v || v.isValid(), 'Fecha y hora no válidas (DD/MM/AAAA HH:mm)'),
  );

/** The paro form's rules (the server checks them again, and the overlap with other paros). */
export function paroFormSchema(timeZone: string, now: () => number = Date.now) {
  return z
    .object({
      linea_id: z.string().check(z.minLength(1, 'Elija la línea')),
      tipo: z.string().check(z.minLength(1, 'Elija el tipo')),
      inicio: instante('Escriba el inicio'),
      fin: instante('Escriba el fin'),
      equipo: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'El equipo es obligatorio'),
          z.maxLength(120, 'Máximo 120 caracteres'),
        ),
      causa: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'La causa es obligatoria'),
          z.maxLength(200, 'Máximo 200 caracteres'),
        ),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (!v.inicio?.isValid() || !v.fin?.isValid()) return;
        const inicio = Date.parse(desdePlanta(v.inicio, timeZone));
        const fin = Date.parse(desdePlanta(v.fin, timeZone));
        if (fin <= inicio) {
          ctx.addIssue({ code: 'custom', path: ['fin'], message: 'El fin debe ser posterior al inicio' });
        } else if (fin - inicio > MAX_PARO_MINUTOS * 60_000) {
          ctx.addIssue({ code: 'custom', path: ['fin'], message: 'Un paro dura como máximo 24 horas' });
        }
        if (fin > now() + 60_000) {
          ctx.addIssue({ code: 'custom', path: ['fin'], message: 'El fin no puede estar en el futuro' });
        }
      }),
    );
}

export type ParoFormValues = z.infer<ReturnType<typeof paroFormSchema>>;

/** A number typed es-PE style (see components/config/numero.ts); NaN when it is not a number. */
export const aNumero = (texto: string): number => leerNumeroEsPe(texto) ?? Number.NaN;

const minutos = (nombre: string) =>
  z.string().check(
    z.trim(),
    z.minLength(1, `Escriba el ${nombre} en minutos`),
    z.refine((v) => v === '' || !comaDecimal(v), 'Use punto decimal (p. ej. 12.5)'),
    z.refine((v) => v === '' || comaDecimal(v) || !Number.isNaN(aNumero(v)), 'Escriba un número'),
    z.refine((v) => !(aNumero(v) < 0), 'No puede ser negativo'),
    z.refine((v) => !(aNumero(v) > 1440), 'No puede superar 1440 minutos'),
  );

/** The hand-entered MTTR/MTTF form's rules. */
export const manualFormSchema = z.object({
  linea_id: z.string().check(z.minLength(1, 'Elija la línea')),
  fecha: z.custom<Dayjs | null>().check(
    z.refine((v) => v !== null && v !== undefined, 'Escriba el día de producción'),
    z.refine((v) => !v || v.isValid(), 'Fecha no válida (DD/MM/AAAA)'),
  ),
  mttr: minutos('MTTR'),
  mttf: minutos('MTTF'),
});

export type ManualFormValues = z.infer<typeof manualFormSchema>;
