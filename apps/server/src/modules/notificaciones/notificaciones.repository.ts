import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmas, notificaciones } from '../../db/schema/index.ts';

export class NotificacionesRepository {
  constructor(private readonly db: Db) {}

  /** The user's notifications, newest first (at most 100), each with its alarm's current state. */
  async list(userId: number, onlyUnread: boolean) {
    const rows = await this.db
      .select({
        id: notificaciones.id,
        titulo: notificaciones.titulo,
        mensaje: notificaciones.mensaje,
        creada: notificaciones.createdAt,
        leida: notificaciones.leidaAt,
        severidad: notificaciones.severidad,
        enlace: notificaciones.enlace,
        alarmaId: notificaciones.alarmaId,
      })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, userId), onlyUnread ? isNull(notificaciones.leidaAt) : undefined))
      .orderBy(desc(notificaciones.createdAt), desc(notificaciones.id))
      .limit(100);
    return rows;
  }

  /** Whether each alarm id exists (the alarm field is loaded by the alarmas module). */
  alarmaIds(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select({ id: alarmas.id }).from(alarmas).where(inArray(alarmas.id, ids));
  }

  async unread(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, userId), isNull(notificaciones.leidaAt)));
    return row?.n ?? 0;
  }

  async markRead(userId: number, ids: number[] | null): Promise<number> {
    const rows = await this.db
      .update(notificaciones)
      .set({ leidaAt: sql`now()` })
      .where(
        and(
          eq(notificaciones.userId, userId),
          isNull(notificaciones.leidaAt),
          ids ? inArray(notificaciones.id, ids) : undefined,
        ),
      )
      .returning({ id: notificaciones.id });
    return rows.length;
  }
}
