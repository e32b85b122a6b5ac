import { productionDayRange } from '@planta/domain';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deriveProductionDay } from '../../derivations/production-day.ts';
import { lineas, plantas, turnos } from '../../db/schema/index.ts';
import { type LineaRecord, lineaColumns, mustLinea, plantaColumns } from '../lineas/lineas.repository.ts';
import { unlessDuplicate, type WriteOutcome } from '../../db/unique.ts';

export interface TurnoRecord {
  id: number;
  fecha: string;
  horasProductividad: number;
  version: number;
  linea: LineaRecord;
}

export interface TurnoValues {
  lineaId: number;
  fecha: string;
  horasProductividad: number;
}

function turnoQuery(db: Db) {
  return db
    .select({
      id: turnos.id,
      fecha: turnos.fecha,
      horasProductividad: turnos.horasProductividad,
      version: turnos.version,
      linea: lineaColumns,
      planta: plantaColumns,
    })
    .from(turnos)
    .innerJoin(lineas, eq(lineas.id, turnos.lineaId))
    .innerJoin(plantas, eq(plantas.id, lineas.plantaId));
}

type TurnoRow = Awaited<ReturnType<typeof turnoQuery>>[number];

function toTurno(row: TurnoRow): TurnoRecord {
  const { linea, planta, ...rest } = row;
  return { ...rest, linea: mustLinea(linea, planta) };
}

/** The only place that builds queries for turnos. */
export class TurnosRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: TurnosRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new TurnosRepository(tx as unknown as Db)));
  }

  /** The audit's handle: inside `transaction`, the transaction itself. */
  get handle(): Db {
    return this.db;
  }

  async listTurnos(): Promise<TurnoRecord[]> {
    const rows = await turnoQuery(this.db).orderBy(desc(turnos.fecha), asc(lineas.numero));
    return rows.map(toTurno);
  }

  /** The shift; `forUpdate` locks its row until the transaction ends. */
  async findTurno(id: number, forUpdate = false): Promise<TurnoRecord | undefined> {
    const query = turnoQuery(this.db).where(eq(turnos.id, id));
    const [row] = forUpdate ? await query.for('update', { of: turnos }) : await query;
    return row && toTurno(row);
  }

  /** The shifts of a day, by line number; `forUpdate` locks them until the transaction ends. */
  async turnosDelDia(fecha: string, forUpdate = false): Promise<TurnoRecord[]> {
    const query = turnoQuery(this.db).where(eq(turnos.fecha, fecha)).orderBy(asc(lineas.numero));
    const rows = forUpdate ? await query.for('update', { of: turnos }) : await query;
    return rows.map(toTurno);
  }

  async turnoExists(lineaId: number, fecha: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: turnos.id })
      .from(turnos)
      .where(
        and(
          eq(turnos.lineaId, lineaId),
          eq(turnos.fecha, fecha),
          exceptId === undefined ? undefined : ne(turnos.id, exceptId),
        ),
      );
    return row !== undefined;
  }

  /** The new row's id, or undefined when the line already has a shift on that date. */
  async insertTurno(values: TurnoValues): Promise<number | undefined> {
    const [row] = await this.db
      .insert(turnos)
      .values(values)
      .onConflictDoNothing({ target: [turnos.lineaId, turnos.fecha] })
      .returning({ id: turnos.id });
    return row?.id;
  }

  /** Writes the values and moves the version on by one. */
  async updateTurno(id: number, values: Partial<TurnoValues>): Promise<WriteOutcome> {
    return unlessDuplicate(async () => {
      await this.db
        .update(turnos)
        .set({ ...values, version: sql`${turnos.version} + 1` })
        .where(eq(turnos.id, id));
    });
  }

  /**
   * Derives the production days again after their shift hours changed (paid minutes, hence the
   * eficiencias row and the paid-efficiency historicos, then mensual/anual). Days not begun yet
   * are skipped: there is nothing to derive.
   */
  async rederivarDias(fechas: readonly string[], timeZone: string, now = Date.now()): Promise<void> {
    for (const fecha of [...new Set(fechas)].sort()) {
      if (productionDayRange(fecha, timeZone).start.getTime() > now) continue;
      await deriveProductionDay(this.db, fecha, timeZone, { now });
    }
  }
}
