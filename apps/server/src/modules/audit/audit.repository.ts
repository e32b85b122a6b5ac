import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'login_throttled'
  | 'logout'
  | 'refresh_reuse'
  | 'password_changed'
  | 'authorization_denied'
  | 'user_created'
  | 'user_updated'
  | 'user_deleted'
  | 'user_restored'
  | 'role_changed'
  | 'eficiencia_sap_registrada'
  | 'rrhh_importacion'
  /** A configuration screen's write: details { operacion, antes, despues } (see cambios.ts). */
  | 'configuracion';

export interface AuditEntry {
  action: AuditAction;
  actorId?: number | null;
  targetType?: string;
  targetId?: string | number;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({
      action: entry.action,
      actorId: entry.actorId ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      ip: entry.ip ?? null,
      details: entry.details ?? null,
    });
  }
}
