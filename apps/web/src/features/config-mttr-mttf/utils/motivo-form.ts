import { CLASES_PERDIDA, type ClasePerdida, MAX_CODIGO_FALLA, MAX_CODIGOS_POR_MOTIVO } from '@planta/domain';
import { z } from 'zod/mini';

type ColorClase = 'default' | 'error' | 'warning' | 'info' | 'primary' | 'secondary';

/** What each class costs (the select's help) and its chip's colour (availability warm, performance blue, quality teal). */
const COSTE: Record<ClasePerdida, { ayuda: string; color: ColorClase }> = {
  PLANIFICADO: {
    ayuda: 'No es pérdida: sale del tiempo planificado (CIP, mantenimiento, sin pedidos, refrigerio).',
    color: 'default',
  },
  FALLA: { ayuda: 'Pérdida de disponibilidad: la línea está parada por una avería.', color: 'error' },
  CAMBIO_FORMATO: {
    ayuda: 'Pérdida de disponibilidad: la línea está parada por un cambio de producto o formato.',
    color: 'warning',
  },
  MICROPARO: { ayuda: 'Pérdida de rendimiento: paradas cortas que frenan la producción.', color: 'info' },
  VELOCIDAD: {
    ayuda: 'Pérdida de rendimiento: la línea marcha por debajo de su velocidad nominal.',
    color: 'primary',
  },
  CALIDAD: { ayuda: 'Pérdida de calidad: producto rechazado o reprocesado.', color: 'secondary' },
  ARRANQUE: {
    ayuda: 'Pérdida de calidad: producto rechazado mientras la línea se estabiliza al arrancar.',
    color: 'secondary',
  },
};

/** The loss classes in the order of the form's select, with their Spanish label (@planta/domain). */
export const CLASES = CLASES_PERDIDA.map((c) => ({ value: c.clase, label: c.etiqueta, ...COSTE[c.clase] }));

const claseDe = (clase: string) => CLASES.find((c) => c.value === clase);
export const claseLabel = (clase: string) => claseDe(clase)?.label ?? clase;
export const claseAyuda = (clase: string) => claseDe(clase)?.ayuda ?? '';
export const claseColor = (clase: string): ColorClase => claseDe(clase)?.color ?? 'default';

/** The most fault codes a reason takes, and their range (a PLC word, 0 meaning "no fault"). */
const MAX_CODIGOS = MAX_CODIGOS_POR_MOTIVO;
const CODIGO_MIN = 1;
const CODIGO_MAX = MAX_CODIGO_FALLA;

/**
 * The fault codes typed as text ("101, 102 205"): comma-, semicolon- or space-separated integers
 * 1–65535, no repeats, at most 50; ascending, as the server keeps them. An error names the first
 * bad one, in Spanish.
 */
export function leerCodigos(texto: string): { codigos: number[] } | { error: string } {
  const partes = texto.split(/[\s,;]+/).filter(Boolean);
  const vistos = new Set<number>();
  for (const parte of partes) {
    if (!/^\d+$/.test(parte)) return { error: `«${parte}» no es un código: escriba números enteros` };
    const codigo = Number(parte);
    if (codigo < CODIGO_MIN || codigo > CODIGO_MAX)
      return { error: `El código ${parte} está fuera de rango (${CODIGO_MIN} a ${CODIGO_MAX})` };
    if (vistos.has(codigo)) return { error: `El código ${codigo} está repetido` };
    vistos.add(codigo);
  }
  if (vistos.size > MAX_CODIGOS) return { error: `Como máximo ${MAX_CODIGOS} códigos de falla` };
  return { codigos: [...vistos].sort((a, b) => a - b) };
}

/** The codes as the form shows them: "101, 102". */
export const codigosTexto = (codigos: readonly number[]) => codigos.join(', ');

export const categoriaFormSchema = z.object({
  nombre: z
    .string()
    .check(z.trim(), z.minLength(1, 'El nombre es obligatorio'), z.maxLength(60, 'Máximo 60 caracteres')),
});
export type CategoriaFormValues = z.infer<typeof categoriaFormSchema>;

/** The reason form's rules; the field names are the API's, so a server error lands under its field. */
export const motivoFormSchema = z.object({
  categoria_id: z.string().check(z.minLength(1, 'Elija la categoría')),
  nombre: z
    .string()
    .check(z.trim(), z.minLength(1, 'El nombre es obligatorio'), z.maxLength(80, 'Máximo 80 caracteres')),
  clase: z.string().check(z.minLength(1, 'Elija la clase de pérdida')),
  linea_ids: z.array(z.string()),
  codigos_falla: z.string().check(
    z.superRefine((texto, ctx) => {
      const leidos = leerCodigos(texto);
      if ('error' in leidos) ctx.addIssue({ code: 'custom', message: leidos.error });
    }),
  ),
});
export type MotivoFormValues = z.infer<typeof motivoFormSchema>;

/** The micro-stop threshold's range (seconds). */
export const UMBRAL_MIN = 10;
export const UMBRAL_MAX = 3600;

export const umbralFormSchema = z.object({
  linea_id: z.string(),
  segundos: z.string().check(
    z.trim(),
    z.minLength(1, 'Escriba el umbral en segundos'),
    z.refine((v) => v === '' || /^\d+$/.test(v), 'Escriba un número entero de segundos'),
    z.refine(
      (v) => !/^\d+$/.test(v) || (Number(v) >= UMBRAL_MIN && Number(v) <= UMBRAL_MAX),
      `Entre ${UMBRAL_MIN} y ${UMBRAL_MAX} segundos`,
    ),
  ),
});
export type UmbralFormValues = z.infer<typeof umbralFormSchema>;
