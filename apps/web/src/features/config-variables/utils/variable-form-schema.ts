import { z } from 'zod/mini';

/**
 * A number typed in a form field, es-PE style (decimal point, optional thousands commas:
 * '1,234.5'): '' is "not given" (null); anything else that is not a number is NaN. A lone comma
 * ('20,5') is refused rather than guessed.
 */
export function parseNumero(text: string): number | null {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return null;
  if (t.includes(',') && !/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return Number.NaN;
  const value = Number(t.replace(/,/g, ''));
  return Number.isFinite(value) ? value : Number.NaN;
}

const numeroOpcional = (etiqueta: string) =>
  z.string().check(z.refine((v) => !Number.isNaN(parseNumero(v)), `${etiqueta}: escriba un número`));

/** The variable form's rules, the server's in Spanish (the server checks them again). */
export const variableFormSchema = z
  .object({
    nombre: z
      .string()
      .check(z.trim(), z.minLength(1, 'El nombre es obligatorio'), z.maxLength(200, 'Máximo 200 caracteres')),
    nivel: z.enum(['GLOBAL', 'INDIVIDUAL']),
    linea_id: z.string(),
    area: z
      .string()
      .check(z.trim(), z.minLength(1, 'El área es obligatoria'), z.maxLength(100, 'Máximo 100 caracteres')),
    unidad: z
      .string()
      .check(z.trim(), z.minLength(1, 'La unidad es obligatoria'), z.maxLength(50, 'Máximo 50 caracteres')),
    minimo: numeroOpcional('Mínimo'),
    maximo: numeroOpcional('Máximo'),
    decimales: z
      .string()
      .check(z.refine((v) => /^[0-6]$/.test(v.trim()), 'Los decimales deben estar entre 0 y 6')),
    agregacion: z.enum(['SUMA', 'PROMEDIO', 'ULTIMO']),
    fuente: z.enum(['MANUAL', 'OPC', 'CALCULADA']),
    mayor_es_mejor: z.boolean(),
  })
  .check(
    z.refine((v) => v.nivel !== 'INDIVIDUAL' || v.linea_id !== '', {
      message: 'Una variable INDIVIDUAL requiere una línea',
      path: ['linea_id'],
    }),
    z.refine(
      (v) => {
        const min = parseNumero(v.minimo);
        const max = parseNumero(v.maximo);
        return min === null || max === null || Number.isNaN(min) || Number.isNaN(max) || min <= max;
      },
      { message: 'El máximo debe ser mayor o igual que el mínimo', path: ['maximo'] },
    ),
  );

export type VariableFormValues = z.infer<typeof variableFormSchema>;

/** The server's field names for the form's, where they differ (errorDeCampo). */
export const CAMPO_FORM: Record<string, keyof VariableFormValues> = {
  nombre: 'nombre',
  nivel: 'nivel',
  linea_id: 'linea_id',
  area: 'area',
  unidad: 'unidad',
  minimo: 'minimo',
  maximo: 'maximo',
  decimales: 'decimales',
  agregacion: 'agregacion',
  fuente: 'fuente',
  mayor_es_mejor: 'mayor_es_mejor',
};
