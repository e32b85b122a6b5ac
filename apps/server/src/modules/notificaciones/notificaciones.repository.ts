import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmas, notificaciones, users } from '../../db/schema/index.ts';
import { alarmaColumns } from '../alarmas/alarmas.repository.ts';

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
        // The alarm as it is now (acknowledged, normalized), in the same query: null for other notifications.
        alarma: alarmaColumns,
      })
      .from(notificaciones)
      .leftJoin(alarmas, eq(alarmas.id, notificaciones.alarmaId))
      .leftJoin(users, eq(users.id, alarmas.reconocidaPor))
      .where(and(eq(notificaciones.userId, userId), onlyUnread ? isNull(notificaciones.leidaAt) : undefined))
      .orderBy(desc(notificaciones.createdAt), desc(notificaciones.id))
      .limit(100);
    return rows;
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
