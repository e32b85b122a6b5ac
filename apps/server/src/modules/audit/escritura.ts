import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { type Operacion, registrarCambio, requireVersion } from './cambios.ts';

/**
 * The one write path of the configuration screens (issue 32): inside the caller's transaction,
 * lock → version → the record's checks → uniqueness → write → audit. Each service keeps only what is its own: which
 * record, which check, which write.
 */

/** Who writes: the audit row's actor and address. */
export interface Autor {
  viewer: { id: number };
  client?: { ip?: string | null } | null;
}

/** What makes a value unique: the CONFLICT's Spanish message and the field it is shown under. */
export interface Unicidad {
  mensaje: string;
  campo?: string;
  /** Whether another record holds the value already (true, or the message naming it). */
  ocupado?: () => Promise<boolean | string>;
}

/**
 * A name another record may already hold (`otro`: its name as stored, or nothing): the CONFLICT under
 * `campo`, `mensaje` naming the name typed, or the other record's when one is found.
 */
export function nombreUnico(
  campo: string,
  nombre: string,
  mensaje: (nombre: string) => string,
  otro: () => Promise<string | null | undefined>,
): Unicidad {
  return {
    mensaje: mensaje(nombre),
    campo,
    ocupado: async () => {
      const existente = await otro();
      return existente ? mensaje(existente) : false;
    },
  };
}

export interface EscrituraConfig<A extends { version: number }, R> {
  autor: Autor;
  /** The audited entity ('variables', 'paros'…). */
  entidad: string;
  /**
   * An update or a delete: the stored record, read locked (`for update`) inside the transaction.
   * None is NOT_FOUND (`noExiste`), unless `siFalta: 'crear'` (an upsert). A create has none.
   */
  bloquear?: () => Promise<A | null | undefined>;
  noExiste?: string;
  siFalta?: 'crear';
  /** The version the client read: an older one is a CONFLICT (`requireVersion`); none is accepted. */
  version?: number | null;
  /** The record's other rules that need the database (what it refers to exists…), once locked. */
  validar?: (antes: A | null) => Promise<void>;
  /** Checked before the write; a concurrent write that still hits the unique index gets the same answer. */
  unico?: Unicidad;
  /** The write leaves the record as it is (e.g. the same kg typed again): nothing is written or audited. */
  sinCambio?: (antes: A) => boolean;
  /**
   * The write: the record's key and what it is now (null: deleted). 'duplicate' (`unlessDuplicate`):
   * the unique index refused it.
   */
  aplicar: (antes: A | null) => Promise<{ id: string | number; despues: R | null } | 'duplicate'>;
  /** The record as the audit keeps it (as is when absent). */
  vista?: (registro: A | R) => unknown;
  /** The audit's operation, when not the usual one (crear without `antes`, eliminar without `despues`). */
  operacion?: (antes: A | null, despues: R | null) => Operacion;
}

/** What `aplicar` gives for a record it wrote and read back (its id is the audit's key). */
export const escrito = <R extends { id: string | number }>(registro: R): { id: R['id']; despues: R } => ({
  id: registro.id,
  despues: registro,
});

export interface Escrito<A, R> {
  id: string | number | null;
  antes: A | null;
  despues: R | null;
}

/**
 * Writes one configuration record inside the caller's transaction (`db` = the transaction, which
 * also holds the audit row): the record locked and checked against the version the client read,
 * the uniqueness checked, the write, and `registrarCambio` with the record before and after.
 */
export async function escribirConfiguracion<A extends { version: number }, R>(
  db: Db,
  e: EscrituraConfig<A, R>,
): Promise<Escrito<A, R>> {
  const antes = e.bloquear ? ((await e.bloquear()) ?? null) : null;
  if (e.bloquear && !antes && e.siFalta !== 'crear') throw notFound(e.noExiste ?? 'El registro no existe');
  if (antes) requireVersion(antes.version, e.version);
  if (antes && e.sinCambio?.(antes)) return { id: null, antes, despues: antes as unknown as R };
  await e.validar?.(antes);

  const duplicado = (mensaje = e.unico?.mensaje) =>
    mensaje === undefined
      ? conflict('Ya existe un registro con esos datos')
      : conflict(mensaje, e.unico?.campo);
  const ocupado = await e.unico?.ocupado?.();
  if (ocupado) throw duplicado(typeof ocupado === 'string' ? ocupado : undefined);
  let hecho: Awaited<ReturnType<typeof e.aplicar>>;
  try {
    hecho = await e.aplicar(antes);
  } catch (error) {
    if (e.unico && !(error instanceof AppError) && isUniqueViolation(error)) throw duplicado();
    throw error;
  }
  if (hecho === 'duplicate') throw duplicado();

  const { id, despues } = hecho;
  const vista = e.vista ?? ((registro: A | R) => registro);
  await registrarCambio(db, {
    actorId: e.autor.viewer.id,
    ip: e.autor.client?.ip ?? null,
    entidad: e.entidad,
    id,
    operacion:
      e.operacion?.(antes, despues) ?? (!antes ? 'crear' : despues === null ? 'eliminar' : 'modificar'),
    antes: antes === null ? null : vista(antes),
    despues: despues === null ? null : vista(despues),
  });
  return { id, antes, despues };
}
