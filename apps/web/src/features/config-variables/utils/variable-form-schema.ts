import { z } from 'zod/mini';
import { numeroOpcional } from '../../../components/config/numero.ts';

const campoNumerico = (etiqueta: string) =>
  z.string().check(z.refine((v) => !Number.isNaN(numeroOpcional(v)), `${etiqueta}: escriba un número`));

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
    minimo: campoNumerico('Mínimo'),
    maximo: campoNumerico('Máximo'),
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
        const min = numeroOpcional(v.minimo);
        const max = numeroOpcional(v.maximo);
        return min === null || max === null || Number.isNaN(min) || Number.isNaN(max) || min <= max;
      },
      { message: 'El máximo debe ser mayor o igual que el mínimo', path: ['maximo'] },
    ),
  );

export type VariableFormValues = z.infer<typeof variableFormSchema>;
