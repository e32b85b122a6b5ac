import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lineas, plantas, turnos } from '../../db/schema/index.ts';
import { type LineaRecord, lineaColumns, mustLinea, plantaColumns } from '../lineas/lineas.repository.ts';
import { unlessDuplicate, type WriteOutcome } from '../variables/unique.ts';

export interface TurnoRecord {
  id: number;
  fecha: string;
  horasProductividad: number;
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

  async listTurnos(): Promise<TurnoRecord[]> {
    const rows = await turnoQuery(this.db).orderBy(desc(turnos.fecha), asc(lineas.numero));
    return rows.map(toTurno);
  }

  async findTurno(id: number): Promise<TurnoRecord | undefined> {
    const [row] = await turnoQuery(this.db).where(eq(turnos.id, id));
    return row && toTurno(row);
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

  async updateTurno(id: number, values: TurnoValues): Promise<WriteOutcome> {
    return unlessDuplicate(async () => {
      await this.db.update(turnos).set(values).where(eq(turnos.id, id));
    });
  }
}
