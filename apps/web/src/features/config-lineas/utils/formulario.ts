import { z } from 'zod/mini';

/** A number typed in a form field: '' is "not given"; '1.234,5' and '1234.5' both read as 1234.5. */
export function parseNumero(text: string): number | null {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return null;
  // es-PE writes the decimal comma or point; thousands separators are not typed in forms.
  const normalised = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : Number.NaN;
}

/** One field of a configuration form; the values are the typed text, converted on save. */
export interface Campo {
  /** The server's input field name (so its field errors land under the right control). */
  name: string;
  label: string;
  tipo?: 'texto' | 'numero' | 'entero' | 'select' | 'color';
  requerido?: boolean;
  opciones?: [value: string, label: string][];
  ayuda?: string;
  /** Spans both columns of the form. */
  ancho?: boolean;
}

export type Valores = Record<string, string>;

/** The form's checks (the server checks everything again, with its own Spanish messages). */
export function esquema(campos: readonly Campo[]) {
  return z.object(
    Object.fromEntries(
      campos.map((c) => {
        const checks: z.core.$ZodCheck<string>[] = [];
        if (c.requerido) checks.push(z.refine<string>((v) => v.trim() !== '', `${c.label}: es obligatorio`));
        if (c.tipo === 'numero' || c.tipo === 'entero') {
          checks.push(
            z.refine<string>((v) => !Number.isNaN(parseNumero(v)), `${c.label}: escriba un número`),
            z.refine<string>((v) => {
              const n = parseNumero(v);
              return n === null || Number.isNaN(n) || c.tipo !== 'entero' || Number.isInteger(n);
            }, `${c.label}: escriba un número entero`),
          );
        }
        if (c.tipo === 'color') {
          checks.push(
            z.refine<string>((v) => /^#[0-9a-fA-F]{6}$/.test(v.trim()), `${c.label}: un color #RRGGBB`),
          );
        }
        return [c.name, checks.length > 0 ? z.string().check(...checks) : z.string()];
      }),
    ),
  );
}

export const texto = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The value of an optional number field ('' → null). */
export const numeroOpcional = (v: string | undefined) => parseNumero(v ?? '');
/** The value of a required number field (checked by the form). */
export const numero = (v: string | undefined) => parseNumero(v ?? '') ?? Number.NaN;
