import { createPlantModel } from '@planta/plant-model';
import { DEMO_SEED } from '../src/demo/start-demo.ts';

const MINUTE = 60_000;

/** An instant from which lines 1–3 run with no stop of the model for 10 minutes (mid-shift). */
export function ventanaEnMarcha(
  model = createPlantModel({ seed: DEMO_SEED, timeZone: 'America/Lima' }),
): number {
  const base = Date.parse('2026-06-10T15:00:00Z');
  for (let t = base; t < base + 14 * 24 * 60 * MINUTE; t += 10 * MINUTE) {
    if ([1, 2, 3].every((l) => model.lineMinutes(l, t, t + 10 * MINUTE).every((r) => r.velocidad > 0)))
      return t;
  }
  throw new Error('el modelo no tiene 10 minutos de marcha de las líneas 1 a 3');
}
