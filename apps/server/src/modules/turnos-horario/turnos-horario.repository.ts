import { asc, sql } from 'drizzle-orm';
import { CANDADOS } from '../../db/candados.ts';
import type { Db } from '../../db/client.ts';
import { turnosHorario } from '../../db/schema/index.ts';

export interface TurnoHorarioRecord {
  numero: number;
  nombre: string;
  /** 'HH:MM'. */
  inicio: string;
  fin: string;
  version: number;
}

export interface TurnoHorarioValues {
  nombre: string;
  inicio: string;
  fin: string;
}

// time columns read as 'HH:MM:SS': the API speaks 'HH:MM'.
const columnas = {
  numero: turnosHorario.numero,
  nombre: turnosHorario.nombre,
  inicio: sql<string>`to_char(${turnosHorario.inicio}, 'HH24:MI')`,
  fin: sql<string>`to_char(${turnosHorario.fin}, 'HH24:MI')`,
  version: turnosHorario.version,
};

/** The only place that builds queries for the plant's shifts. */
export class TurnosHorarioRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (repo: TurnosHorarioRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new TurnosHorarioRepository(tx as unknown as Db)));
  }

  /** The audit's handle: inside `transaction`, the transaction itself. */
  get handle(): Db {
    return this.db;
  }

  /** Saves of the set one at a time (a save replaces every row: there is no single row to lock). */
  async lock(): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${CANDADOS.turnosHorario})`);
  }

  /** The shifts in the order of the production day. */
  turnos(): Promise<TurnoHorarioRecord[]> {
    return this.db.select(columnas).from(turnosHorario).orderBy(asc(turnosHorario.numero));
  }

  /** Replaces the set: numbered 1..n in order, every row with `version`. */
  async reemplazar(turnos: readonly TurnoHorarioValues[], version: number): Promise<TurnoHorarioRecord[]> {
    await this.db.delete(turnosHorario);
    await this.db
      .insert(turnosHorario)
      .values(
        turnos.map((t, i) => ({ numero: i + 1, nombre: t.nombre, inicio: t.inicio, fin: t.fin, version })),
      );
    return this.turnos();
  }
}
