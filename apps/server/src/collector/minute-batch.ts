import { setImmediate as nextTurn } from 'node:timers/promises';
import { COUNTER_TAGS } from '@planta/domain';
import { increasesPerMinute, MINUTE, splitFractions } from './minute-rows.ts';
import type { MinuteBatch } from './minute-writer.ts';
import type { Samples } from './samples.ts';
import type { TagMapping } from './tag-mapping.ts';

/** Rows built between two turns of the event loop when closing minutes. */
const BUILD_CHUNK = 1_000;

/**
 * The rows of the `minutes` minutes closed from `from`: per line, counter deltas between the
 * boundaries' values `before` and `after` (minute by minute where the samples hold the boundaries
 * in between, else spread evenly: `increasesPerMinute`; `outage`: the values in force in between
 * are stale, spread), the mean speed and the format in force; per variable, its delta (SUMA), mean
 * (PROMEDIO) or last value (ULTIMO).
 * Lines and variables are read once up front (a mapping reload may swap them meanwhile), and the
 * event loop gets a turn every BUILD_CHUNK variables: after an outage a batch spreads over every
 * minute missed.
 */
export async function buildBatch(
  samples: Samples,
  mapping: TagMapping,
  from: number,
  minutes: number,
  before: Map<string, number>,
  after: Map<string, number>,
  outage = false,
): Promise<MinuteBatch> {
  const lines = mapping.lines;
  const variables = mapping.variables;
  const batch: MinuteBatch = { scada: [], lecturas: [] };
  /** A counter's increase in each minute, or undefined without its values at both ends. */
  const perMinute = (nodeId: string, spread?: (total: number, minutes: number) => number[]) => {
    const a = before.get(nodeId);
    const b = after.get(nodeId);
    if (a === undefined || b === undefined) return undefined;
    const history = outage ? undefined : samples.of(nodeId);
    return increasesPerMinute(history, from, minutes, a, b, spread);
  };
  for (const linea of lines) {
    const counts = COUNTER_TAGS.map((tag) => perMinute(mapping.nodeOf(linea, tag)));
    if (counts.some((c) => c === undefined)) continue;
    const [botellas, llenas, paquetes] = counts as [number[], number[], number[]];
    for (let i = 0; i < minutes; i++) {
      const t = from + i * MINUTE;
      const speed = samples.of(mapping.nodeOf(linea, 'Velocidad'))?.mean(t, t + MINUTE);
      batch.scada.push({
        linea,
        t,
        velocidad: speed ?? 0,
        botellas: botellas[i] ?? 0,
        botellasLlenas: llenas[i] ?? 0,
        paquetes: paquetes[i] ?? 0,
        formato: samples.of(mapping.nodeOf(linea, 'Formato'))?.at(t + MINUTE - 1) ?? 0,
      });
    }
  }
  let cells = 0;
  for (const variable of variables) {
    cells += minutes;
    if (cells >= BUILD_CHUNK) {
      cells = 0;
      await nextTurn();
    }
    if (variable.agregacion === 'SUMA') {
      const increases = perMinute(variable.nodeId, splitFractions);
      if (increases === undefined) continue;
      for (let i = 0; i < minutes; i++)
        batch.lecturas.push({ variableId: variable.id, t: from + i * MINUTE, valor: increases[i] ?? 0 });
    } else {
      const history = samples.of(variable.nodeId);
      for (let i = 0; i < minutes; i++) {
        const t = from + i * MINUTE;
        const valor =
          variable.agregacion === 'ULTIMO' ? history?.at(t + MINUTE - 1) : history?.mean(t, t + MINUTE);
        if (valor !== undefined) batch.lecturas.push({ variableId: variable.id, t, valor });
      }
    }
  }
  return batch;
}
