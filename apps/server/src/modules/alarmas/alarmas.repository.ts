import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  alarmas,
  enviosCorreo,
  historicos,
  lineas,
  metas,
  notificaciones,
  paros,
  reglasNotificacion,
  roles,
  scadaLecturas,
  userRoles,
  users,
  variables,
} from '../../db/schema/index.ts';

/** A stop's loss class in SQL: its own, else that of its tipo (domain claseDeTipoParo). */
export const claseParo = sql<string>`coalesce(${paros.clase}, case ${paros.tipo} when 'CIP' then 'PLANIFICADO' else ${paros.tipo} end)`;

export type ReglaRow = typeof reglasNotificacion.$inferSelect;
export type ReglaValues = Omit<typeof reglasNotificacion.$inferInsert, 'id' | 'version'>;

export interface FiltroAlarmas {
  estado?: 'ACTIVA' | 'RECONOCIDA' | 'NORMALIZADA';
  lineaId?: number;
  area?: string;
  desde?: string;
  hasta?: string;
  /** Areas the viewer may not read (personal data). */
  sinAreas: string[];
  limit: number;
  offset: number;
}

/** An alarm as the API shows it (join users on alarmas.reconocida_por for reconocida_por). */
export const alarmaColumns = {
  id: alarmas.id,
  regla_id: alarmas.reglaId,
  regla_nombre: alarmas.reglaNombre,
  severidad: alarmas.severidad,
  estado: alarmas.estado,
  origen: alarmas.origen,
  area: alarmas.area,
  linea_id: alarmas.lineaId,
  unidad: alarmas.unidad,
  fecha: alarmas.fecha,
  inicio: alarmas.inicio,
  valor: alarmas.valor,
  limite: alarmas.limite,
  enlace: alarmas.enlace,
  reconocida_por: users.name,
  reconocida_at: alarmas.reconocidaAt,
  comentario: alarmas.comentario,
  normalizada_at: alarmas.normalizadaAt,
};

export class AlarmasRepository {
  constructor(readonly db: Db) {}

  reglas() {
    return this.db
      .select()
      .from(reglasNotificacion)
      .orderBy(reglasNotificacion.nombre, reglasNotificacion.id);
  }

  /** A rule; `bloquear` locks its row until the transaction (`db`) ends. */
  async regla(id: number, db: Db = this.db, bloquear = false): Promise<ReglaRow | undefined> {
    const query = db.select().from(reglasNotificacion).where(eq(reglasNotificacion.id, id));
    const [row] = bloquear ? await query.for('update') : await query;
    return row;
  }

  async crearRegla(db: Db, values: ReglaValues): Promise<ReglaRow> {
    const [row] = await db.insert(reglasNotificacion).values(values).returning();
    return row as ReglaRow;
  }

  async actualizarRegla(db: Db, id: number, values: ReglaValues): Promise<ReglaRow | undefined> {
    const [row] = await db
      .update(reglasNotificacion)
      // Saved again: it alarms on the values that change from now on (vigente_desde).
      .set({ ...values, version: sql`${reglasNotificacion.version} + 1`, vigenteDesde: sql`now()` })
      .where(eq(reglasNotificacion.id, id))
      .returning();
    return row;
  }

  async eliminarRegla(db: Db, id: number): Promise<void> {
    await db.update(notificaciones).set({ reglaId: null }).where(eq(notificaciones.reglaId, id));
    await db.delete(reglasNotificacion).where(eq(reglasNotificacion.id, id));
  }

  async variable(id: number) {
    const [row] = await this.db
      .select({
        id: variables.id,
        nombre: variables.nombre,
        area: variables.area,
        minimo: variables.minimo,
        maximo: variables.maximo,
      })
      .from(variables)
      .where(eq(variables.id, id));
    return row;
  }

  async linea(id: number) {
    const [row] = await this.db
      .select({ id: lineas.id, numero: lineas.numero, nombre: lineas.nombre })
      .from(lineas)
      .where(eq(lineas.id, id));
    return row;
  }

  lineasPorId(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: lineas.id, nombre: lineas.nombre })
      .from(lineas)
      .where(inArray(lineas.id, ids));
  }

  usuarios(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        id: users.id,
        username: users.username,
        nombre: users.name,
        email: users.email,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(inArray(users.id, ids));
  }

  /** The role names of these users (one role each at most). */
  rolesDe(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ userId: userRoles.userId, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, ids));
  }

  /** A variable's daily values with their meta over a range (the preview). */
  diarios(variableId: number, desde: string, hasta: string) {
    return this.db
      .select({
        fecha: historicos.fecha,
        valor: historicos.diario,
        meta: sql<number | null>`coalesce(${historicos.meta}, ${metas.valor})`,
      })
      .from(historicos)
      .leftJoin(metas, and(eq(metas.variableId, historicos.variableId), eq(metas.fecha, historicos.fecha)))
      .where(
        and(
          eq(historicos.variableId, variableId),
          gte(historicos.fecha, desde),
          lte(historicos.fecha, hasta),
        ),
      )
      .orderBy(historicos.fecha);
  }

  /** A line's speed minute by minute over a range (the preview; at most 31 days × 1,440 rows). */
  velocidades(linea: number, desde: Date, hasta: Date) {
    return this.db
      .select({ fecha: scadaLecturas.fecha, valor: scadaLecturas.velocidad })
      .from(scadaLecturas)
      .where(
        and(eq(scadaLecturas.linea, linea), gte(scadaLecturas.fecha, desde), lte(scadaLecturas.fecha, hasta)),
      )
      .orderBy(scadaLecturas.fecha);
  }

  /** A line's stops that began in a range, with their class and how their reason came (the preview). */
  parosPrevia(lineaId: number, desde: Date, hasta: Date) {
    return this.db
      .select({
        inicio: paros.inicio,
        clase: claseParo,
        motivoId: paros.motivoId,
        motivoEn: paros.motivoEn,
        motivoUsuarioId: paros.motivoUsuarioId,
      })
      .from(paros)
      .where(and(eq(paros.lineaId, lineaId), gte(paros.inicio, desde), lte(paros.inicio, hasta)))
      .orderBy(paros.inicio);
  }

  /** The starts of a line's micro-stops in a range, oldest first (the preview). */
  async inicioMicroparos(lineaId: number, desde: Date, hasta: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ inicio: paros.inicio })
      .from(paros)
      .where(
        and(
          eq(paros.lineaId, lineaId),
          sql`${claseParo} = 'MICROPARO'`,
          gte(paros.inicio, desde),
          lte(paros.inicio, hasta),
        ),
      )
      .orderBy(paros.inicio);
    return rows.map((r) => r.inicio);
  }

  private filtro(f: FiltroAlarmas): SQL | undefined {
    return and(
      f.estado ? eq(alarmas.estado, f.estado) : undefined,
      f.lineaId ? eq(alarmas.lineaId, f.lineaId) : undefined,
      f.area ? sql`lower(${alarmas.area}) = lower(${f.area})` : undefined,
      f.desde ? gte(alarmas.fecha, f.desde) : undefined,
      f.hasta ? lte(alarmas.fecha, f.hasta) : undefined,
      f.sinAreas.length > 0
        ? sql`(${alarmas.area} is null or lower(${alarmas.area}) not in (${sql.join(
            f.sinAreas.map((a) => sql`${a}`),
            sql`, `,
          )}))`
        : undefined,
    );
  }

  async alarmas(f: FiltroAlarmas) {
    const where = this.filtro(f);
    const [total] = await this.db.select({ n: count() }).from(alarmas).where(where);
    const rows = await this.db
      .select(alarmaColumns)
      .from(alarmas)
      .leftJoin(users, eq(users.id, alarmas.reconocidaPor))
      .where(where)
      .orderBy(desc(alarmas.inicio), desc(alarmas.id))
      .limit(f.limit)
      .offset(f.offset);
    return { total: total?.n ?? 0, alarmas: rows };
  }

  async alarma(id: number, db: Db = this.db) {
    const [row] = await db
      .select(alarmaColumns)
      .from(alarmas)
      .leftJoin(users, eq(users.id, alarmas.reconocidaPor))
      .where(eq(alarmas.id, id));
    return row;
  }

  /** Whether the alarm was notified to the user. */
  async notificadaA(alarmaId: number, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: notificaciones.id })
      .from(notificaciones)
      .where(and(eq(notificaciones.alarmaId, alarmaId), eq(notificaciones.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  /** ACTIVA → RECONOCIDA, only from ACTIVA (a concurrent acknowledgement changes nothing): the row or undefined. */
  async reconocer(id: number, userId: number, comentario: string): Promise<boolean> {
    const rows = await this.db
      .update(alarmas)
      .set({ estado: 'RECONOCIDA', reconocidaPor: userId, reconocidaAt: sql`now()`, comentario })
      .where(and(eq(alarmas.id, id), eq(alarmas.estado, 'ACTIVA')))
      .returning({ id: alarmas.id });
    return rows.length > 0;
  }

  envios(estado: string | undefined, limit: number) {
    return this.db
      .select({
        id: enviosCorreo.id,
        destinatario: enviosCorreo.destinatario,
        asunto: enviosCorreo.asunto,
        estado: enviosCorreo.estado,
        intentos: enviosCorreo.intentos,
        proximo_intento: enviosCorreo.proximoIntento,
        ultimo_error: enviosCorreo.ultimoError,
        creado: enviosCorreo.createdAt,
        enviado: enviosCorreo.enviadoAt,
      })
      .from(enviosCorreo)
      .where(estado ? eq(enviosCorreo.estado, estado as 'PENDIENTE') : undefined)
      .orderBy(desc(enviosCorreo.id))
      .limit(limit);
  }
}
