import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificaciones } from '../../db/schema/index.ts';

export class NotificacionesRepository {
  constructor(private readonly db: Db) {}

  list(userId: number, onlyUnread: boolean) {
    return this.db
      .select({
        id: notificaciones.id,
        titulo: notificaciones.titulo,
        mensaje: notificaciones.mensaje,
        creada: notificaciones.createdAt,
        leida: notificaciones.leidaAt,
      })
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, userId), onlyUnread ? isNull(notificaciones.leidaAt) : undefined))
      .orderBy(desc(notificaciones.createdAt), desc(notificaciones.id))
      .limit(100);
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
