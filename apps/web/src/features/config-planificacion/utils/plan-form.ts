import { z } from 'zod/mini';
import { leerNumero } from './numero-escrito.ts';

export interface PlanFormValues {
  variable_id: string;
  anio: string;
  mes: string;
  negociado: string;
  aop: string;
}

const cifra = (campo: string) =>
  z.string().check(
    z.refine((v) => v.trim() !== '', `Escriba el ${campo}`),
    z.refine(
      (v) => v.trim() === '' || leerNumero(v) !== null,
      `El ${campo} debe ser un número (p. ej. 1,234.5)`,
    ),
    z.refine((v) => (leerNumero(v) ?? 0) >= 0, `El ${campo} no puede ser negativo`),
  );

/** The plan form's rules (the server checks them again). */
export const planFormSchema = z.object({
  variable_id: z.string().check(z.minLength(1, 'Elija la variable')),
  anio: z
    .string()
    .check(
      z.refine(
        (v) => /^\d{4}$/.test(v.trim()) && Number(v) >= 2000 && Number(v) <= 2100,
        'Año entre 2000 y 2100',
      ),
    ),
  mes: z.string().check(z.minLength(1, 'Elija el mes')),
  negociado: cifra('negociado'),
  aop: cifra('AOP'),
});

/** The form's values as the API's input (fecha = first day of the month). */
export function aEntrada(values: PlanFormValues) {
  return {
    variable_id: values.variable_id,
    fecha: `${values.anio.trim()}-${values.mes.padStart(2, '0')}-01`,
    negociado: leerNumero(values.negociado) ?? 0,
    aop: leerNumero(values.aop) ?? 0,
  };
}
