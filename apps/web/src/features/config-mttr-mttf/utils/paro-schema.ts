import type { Dayjs } from 'dayjs';
import { z } from 'zod/mini';
import { comaDecimal } from '../../../components/config/numero.ts';
import { aNumero, desdePlanta, MAX_PARO_MINUTOS } from './paro-form.ts';

/*
 * The forms' rules (zod), apart from paro-form.ts: only the dialogs, loaded when first opened,
 * bring zod; the screen's list needs none of it (DESIGN §8: a screen's scripts ≤ 350 KB).
 */

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
