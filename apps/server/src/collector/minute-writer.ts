import { insertUnnest } from '../db/bulk.ts';
import type { Db } from '../db/client.ts';
import type { LecturaMinuto, MinutoScada } from '../derivations/minutes.ts';
import { type ParoEscrito, type ParoEvento, writeParoEventos } from './stop-events.ts';

/** The rows of one or more closed minutes, and the stops seen (the detector's events, in order). */
export interface MinuteBatch {
  scada: MinutoScada[];
  lecturas: LecturaMinuto[];
  paros?: ParoEvento[];
}

/**
 * Rows per INSERT statement. PGlite runs one statement at a time and this thread builds each
 * statement's arrays: 1,000 rows are a few milliseconds of each, so neither the event loop nor the
 * next query waits long, while 5,000 items still take only five statements.
 */
export const WRITE_CHUNK_ROWS = 1_000;

/**
 * Writes a batch in statements of at most `chunkRows` rows, all in one transaction: a reader (a
 * screen, an export) sees the whole minute or none of it, never part of its variables. The event
 * loop gets a turn between statements. Idempotent (on conflict do nothing): a batch replayed from
 * the disk buffer, or written twice during a hand-over, leaves the same rows. Resolves to the stops
 * its events wrote.
 */
export async function writeMinuteRows(
  db: Db,
  batch: MinuteBatch,
  chunkRows = WRITE_CHUNK_ROWS,
): Promise<ParoEscrito[]> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await insertUnnest(
      t,
      'scada_lecturas',
      [
        { name: 'linea', type: 'smallint', value: (r: MinutoScada) => r.linea },
        { name: 'fecha', type: 'timestamptz', value: (r: MinutoScada) => new Date(r.t) },
        { name: 'velocidad', type: 'float8', value: (r: MinutoScada) => r.velocidad },
        { name: 'botellas', type: 'int', value: (r: MinutoScada) => r.botellas },
        { name: 'botellas_llenas', type: 'int', value: (r: MinutoScada) => r.botellasLlenas },
        { name: 'paquetes', type: 'int', value: (r: MinutoScada) => r.paquetes },
        { name: 'formato', type: 'int', value: (r: MinutoScada) => r.formato },
      ],
      batch.scada,
      'on conflict do nothing',
      chunkRows,
    );
    await insertUnnest(
      t,
      'lecturas',
      [
        { name: 'variable_id', type: 'int', value: (r: LecturaMinuto) => r.variableId },
        { name: 'fecha', type: 'timestamptz', value: (r: LecturaMinuto) => new Date(r.t) },
        { name: 'valor', type: 'float8', value: (r: LecturaMinuto) => r.valor },
      ],
      batch.lecturas,
      'on conflict do nothing',
      chunkRows,
    );
    return batch.paros?.length ? writeParoEventos(t, batch.paros) : [];
  });
}
