import { createPlantModel } from '@planta/plant-model';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { productionDay } from '@planta/domain';
import { runDemoBackfill, writeToday } from './backfill.ts';
import type { ProgresoDemo } from './progreso.ts';
import { loadReferenceIds, seedReference } from './seed-reference.ts';

/** The plant model's seed: the simulator uses the same one, so live data continues the history. */
export const DEMO_SEED = 561;

/**
 * Fills the demo history (in the background of a running server); errors are logged, not fatal.
 * Without history but with the simulator, the demo plant's reference data (lines, products,
 * variables and their OPC tags) is still written, so the collector has its tag map.
 */
export async function startDemoHistory(
  db: Db,
  options: {
    days: number;
    timeZone: string;
    logger: Logger;
    simulator?: boolean;
    /** Told how far the history has got (/healthz, the web's banner). */
    progreso?: ProgresoDemo;
  },
): Promise<void> {
  try {
    const model = createPlantModel({ seed: DEMO_SEED, timeZone: options.timeZone });
    if (options.days <= 0) {
      if (options.simulator) await seedReference(db, model.reference);
      return;
    }
    await runDemoBackfill(db, {
      model,
      days: options.days,
      timeZone: options.timeZone,
      now: new Date(),
      logger: options.logger,
      ...(options.progreso ? { progreso: options.progreso } : {}),
    });
  } catch (err) {
    options.progreso?.fallar();
    options.logger.error({ err }, 'no se pudo crear la historia de demostración');
  }
}

/** Writes the model's minutes of the current production day up to `until` (demo continuity). */
export async function fillDemoUntil(db: Db, until: Date, timeZone: string): Promise<void> {
  const model = createPlantModel({ seed: DEMO_SEED, timeZone });
  const ids = await loadReferenceIds(db);
  await writeToday(db, ids, model, productionDay(until, timeZone), until, timeZone);
}
