import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { AuditRepository } from './audit.repository.ts';

/**
 * The configuration screens' shared rules for writes (issue 16): every create, update and delete
 * leaves an audit row with the record before and after, and an update or delete that names an
 * older `version` than the stored one is refused, so a second admin never silently overwrites the
 * first one's save.
 */

/** The message of a stale save (extensions.code CONFLICT, field "version"). */
export const CAMBIO_CONCURRENTE =
  'Otro usuario modificó este registro mientras usted lo editaba. Se cargaron los datos actuales: revise y guarde de nuevo.';

export const versionConflict = () => new AppError('CONFLICT', CAMBIO_CONCURRENTE, { field: 'version' });

/**
 * Refuses a write that names an older version than the stored one. `expected` undefined (an API
 * client that sends no version, as SPEC §7's mutations allow) is accepted: last write wins there.
 */
export function requireVersion(stored: number, expected: number | null | undefined): void {
  if (expected !== undefined && expected !== null && expected !== stored) throw versionConflict();
}

export type Operacion = 'crear' | 'modificar' | 'eliminar';

export interface Cambio {
  /** Who made it (users.id). */
  actorId: number;
  ip?: string | null;
  /** The table or entity, e.g. 'variables', 'planificaciones'. */
  entidad: string;
  id: string | number;
  operacion: Operacion;
  /** The record before (null when created) and after (null when deleted), as the API shows it. */
  antes: unknown;
  despues: unknown;
}

/** Writes the audit row of a configuration change; call it inside the write's transaction (`db` = tx). */
export async function registrarCambio(db: Db, cambio: Cambio): Promise<void> {
  await new AuditRepository(db).record({
    action: 'configuracion',
    actorId: cambio.actorId,
    ip: cambio.ip ?? null,
    targetType: cambio.entidad,
    targetId: cambio.id,
    details: { operacion: cambio.operacion, antes: cambio.antes ?? null, despues: cambio.despues ?? null },
  });
}
