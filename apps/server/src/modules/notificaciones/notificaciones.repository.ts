import { ROLE_HUMAN_RESOURCES, ROLE_SUPER_ADMIN } from '@planta/domain';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmas, notificaciones, users } from '../../db/schema/index.ts';
import { alarmaColumns } from '../alarmas/alarmas.repository.ts';
import { HR_AREA_NAMES } from '../variables/variable-access.ts';

/**
 * A notification of an HR variable's alarm is shown only while its user holds the human-resources
 * permission (variable-access.ts): the ones told before that rule, or before the user lost the
 * permission, stay out of the bell too. The roles are read in the query, not from the viewer, so
 * the bell's live count (which knows only the user id) follows a role change at once; the rule is
 * domain's hasHumanResources (the human-resources role or super-admin) in SQL.
 */
const legible = (userId: number) => sql`not (
  lower(trim(coalesce(${alarmas.area}, ''))) in (${sql.join(
    HR_AREA_NAMES.map((a) => sql`${a}`),
    sql`, `,
  )})
  and not exists (
    select 1 from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${userId} and r.name in (${ROLE_HUMAN_RESOURCES}, ${ROLE_SUPER_ADMIN})
  )
)`;

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
      .where(
        and(
          eq(notificaciones.userId, userId),
          onlyUnread ? isNull(notificaciones.leidaAt) : undefined,
          legible(userId),
        ),
      )
      .orderBy(desc(notificaciones.createdAt), desc(notificaciones.id))
      .limit(100);
    return rows;
  }

  async unread(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notificaciones)
      .leftJoin(alarmas, eq(alarmas.id, notificaciones.alarmaId))
      .where(and(eq(notificaciones.userId, userId), isNull(notificaciones.leidaAt), legible(userId)));
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
