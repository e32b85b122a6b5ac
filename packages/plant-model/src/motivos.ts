import { ARBOL_MOTIVOS_PARO, type MotivoPorDefecto } from '@planta/domain';
import type { MotivoParo, TipoParo } from './types.ts';

/**
 * The model's stops take their reasons from the plant's default tree (@planta/domain's
 * ARBOL_MOTIVOS_PARO, which migration 0009 seeds): every reason named here must be in it.
 */
export function motivoDelArbol(categoria: string, nombre: string): MotivoParo & MotivoPorDefecto {
  const motivo = ARBOL_MOTIVOS_PARO.find((c) => c.nombre === categoria)?.motivos.find(
    (m) => m.nombre === nombre,
  );
  if (!motivo) throw new Error(`Motivo de paro fuera del árbol: ${categoria}/${nombre}`);
  return { categoria, ...motivo };
}

/** A reason of the tree, as a stop names it. */
export const motivo = (categoria: string, nombre: string): MotivoParo => {
  motivoDelArbol(categoria, nombre);
  return { categoria, nombre };
};

/** The reasons of the stops the schedule builds without a StopCause. */
export const MOTIVOS = {
  cip: motivo('Planificado', 'CIP'),
  presentacion: motivo('Cambio de formato', 'Cambio de presentación'),
  sabor: motivo('Cambio de formato', 'Cambio de sabor'),
  etiqueta: motivo('Cambio de formato', 'Cambio de etiqueta'),
  sinOrdenes: motivo('Planificado', 'Sin órdenes de producción'),
  mantenimiento: motivo('Planificado', 'Mantenimiento planificado'),
} as const;

export const CAUSA_FUERA_DE_TURNO = 'Fuera de turno programado';
export const CAUSA_SIN_PROGRAMA = 'Día sin programa de producción';

/** Share of failures (of a reason with fault codes) that begin with the PLC's first-out code. */
const CON_CODIGO = 0.6;
/** Share of changeovers on the same format that change the label only (the rest, the flavour). */
const CAMBIO_ETIQUETA = 0.25;
/** Share of the hours off shift, and of the days without a programme, given to planned maintenance. */
const MANTENIMIENTO_FUERA_DE_TURNO = 0.15;
const MANTENIMIENTO_SIN_PROGRAMA = 0.3;

interface StopWithReason {
  tipo: TipoParo;
  equipo: string;
  causa: string;
  motivo: MotivoParo;
}

/**
 * A stop's reason and fault code. The schedule has chosen its reason (a failure's or micro-stop's
 * with its StopCause); `u1` and `u2` (uniform in [0, 1), from a stream of their own so the
 * schedule's draws stay as they were) settle what it leaves open: whether the PLC gave a failure's
 * fault code, a label change rather than a flavour change, planned maintenance in time off.
 */
export function conMotivo(
  stop: StopWithReason,
  u1: number,
  u2: number,
): Omit<StopWithReason, 'tipo'> & { codigoFalla: number | null } {
  const { tipo, equipo, causa, motivo: m } = stop;
  const same = { equipo, causa, motivo: m, codigoFalla: null };
  if (tipo === 'FALLA') {
    const codigo = motivoDelArbol(m.categoria, m.nombre).codigosFalla[0];
    return { ...same, codigoFalla: codigo !== undefined && u1 < CON_CODIGO ? codigo : null };
  }
  if (tipo === 'CAMBIO_FORMATO' && m.nombre === MOTIVOS.sabor.nombre && u2 < CAMBIO_ETIQUETA) {
    return { ...same, causa: MOTIVOS.etiqueta.nombre, motivo: MOTIVOS.etiqueta };
  }
  if (tipo === 'PLANIFICADO') {
    const share =
      causa === CAUSA_FUERA_DE_TURNO
        ? MANTENIMIENTO_FUERA_DE_TURNO
        : causa === CAUSA_SIN_PROGRAMA
          ? MANTENIMIENTO_SIN_PROGRAMA
          : 0;
    if (u2 < share) {
      return { ...same, causa: 'Mantenimiento preventivo programado', motivo: MOTIVOS.mantenimiento };
    }
  }
  return same;
}
