import { addDays, weekStart } from '@planta/domain';
import { numeroOpcional } from '../../../components/config/numero.ts';

/** The seven days (Monday first) of the week of `lunes`. */
export const diasDeSemana = (lunes: string): string[] =>
  Array.from({ length: 7 }, (_, i) => addDays(lunes, i));

export { weekStart };

/** What a day's row holds while being edited: the texts of its four fields. */
export interface FilaDia {
  diario: string;
  mensual: string;
  anual: string;
  meta: string;
}

const texto = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function filaDe(
  historico:
    { diario: number; mensual: number | null; anual: number | null; meta: number | null } | undefined,
  metaDelDia: number | undefined,
): FilaDia {
  return {
    diario: texto(historico?.diario),
    mensual: texto(historico?.mensual),
    anual: texto(historico?.anual),
    meta: texto(historico?.meta ?? metaDelDia),
  };
}

export type ErroresFila = Partial<Record<keyof FilaDia, string>>;

/**
 * The day's rules before saving: diario always; an existing day also needs mensual, anual and
 * meta (SPEC §5: updateHistorico requires the five). Texts that are not numbers are refused.
 */
export function validarFila(fila: FilaDia, existe: boolean): ErroresFila {
  const errores: ErroresFila = {};
  for (const campo of ['diario', 'mensual', 'anual', 'meta'] as const) {
    const value = numeroOpcional(fila[campo]);
    if (Number.isNaN(value)) errores[campo] = 'Escriba un número';
    else if (value === null && (campo === 'diario' || existe)) errores[campo] = 'Obligatorio';
  }
  return errores;
}
