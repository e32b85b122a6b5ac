import { z } from 'zod/mini';
import { numeroOpcional } from '../../../components/config/numero.ts';

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
            z.refine<string>((v) => !Number.isNaN(numeroOpcional(v)), `${c.label}: escriba un número`),
            z.refine<string>((v) => {
              const n = numeroOpcional(v);
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
/** The value of a required number field (checked by the form). */
export const numero = (v: string | undefined) => numeroOpcional(v ?? '') ?? Number.NaN;
