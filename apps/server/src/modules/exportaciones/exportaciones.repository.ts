import { and, asc, count, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { exportaciones, plantas } from '../../db/schema/index.ts';

export type ExportacionRow = typeof exportaciones.$inferSelect;
export type EstadoExportacion = ExportacionRow['estado'];

/** The exportaciones table: one row per exported file (the file itself is on disk). */
export class ExportacionesRepository {
  constructor(private readonly db: Db) {}

  async crear(row: typeof exportaciones.$inferInsert): Promise<ExportacionRow> {
    const [created] = await this.db.insert(exportaciones).values(row).returning();
    return created!;
  }

  async buscar(id: string): Promise<ExportacionRow | null> {
    const [row] = await this.db.select().from(exportaciones).where(eq(exportaciones.id, id));
    return row ?? null;
  }

  /** The user's unexpired exports, newest first. */
  recientes(userId: number, now: Date, limit: number): Promise<ExportacionRow[]> {
    return this.db
      .select()
      .from(exportaciones)
      .where(and(eq(exportaciones.userId, userId), gt(exportaciones.expira, now)))
      .orderBy(desc(exportaciones.creada), desc(exportaciones.id))
      .limit(limit);
  }

  async enProceso(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(exportaciones)
      .where(and(eq(exportaciones.userId, userId), eq(exportaciones.estado, 'EN_PROCESO')));
    return Number(row?.n ?? 0);
  }

  async progreso(id: string, progreso: number, filas: number): Promise<void> {
    await this.db
      .update(exportaciones)
      .set({ progreso: Math.min(1, Math.max(0, progreso)), filas })
      .where(and(eq(exportaciones.id, id), eq(exportaciones.estado, 'EN_PROCESO')));
  }

  async terminar(id: string, filas: number, bytes: number): Promise<void> {
    await this.db
      .update(exportaciones)
      .set({ estado: 'LISTA', progreso: 1, filas, bytes })
      .where(eq(exportaciones.id, id));
  }

  async fallar(id: string, error: string): Promise<void> {
    await this.db
      .update(exportaciones)
      .set({ estado: 'ERROR', error: error.slice(0, 500) })
      .where(eq(exportaciones.id, id));
  }

  /** Ids of the exports whose file may be deleted (expired). */
  async caducadas(now: Date, limit = 1000): Promise<string[]> {
    const rows = await this.db
      .select({ id: exportaciones.id })
      .from(exportaciones)
      .where(lt(exportaciones.expira, now))
      .orderBy(asc(exportaciones.expira))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Which of these ids still have a row (the other files on disk are orphans). */
  async existentes(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: exportaciones.id })
      .from(exportaciones)
      .where(inArray(exportaciones.id, [...ids]));
    return new Set(rows.map((r) => r.id));
  }

  /** Rows expired before `before` are forgotten (until then a download answers 410). */
  async olvidar(before: Date): Promise<void> {
    await this.db.delete(exportaciones).where(lt(exportaciones.expira, before));
  }

  /** Jobs left EN_PROCESO by a process that stopped (started before `before`) become ERROR. */
  async abandonadas(before: Date): Promise<void> {
    await this.db
      .update(exportaciones)
      .set({
        estado: 'ERROR',
        error: 'La exportación se interrumpió (el servidor se reinició). Vuelva a exportar.',
      })
      .where(and(eq(exportaciones.estado, 'EN_PROCESO'), lt(exportaciones.creada, before)));
  }

  async nombrePlanta(): Promise<string | null> {
    const [row] = await this.db
      .select({ nombre: plantas.nombre })
      .from(plantas)
      .orderBy(asc(plantas.id))
      .limit(1);
    return row?.nombre ?? null;
  }
}
