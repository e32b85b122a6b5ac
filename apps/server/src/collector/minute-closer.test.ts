import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COUNTER_TAGS, lineNodeId } from '@planta/domain';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { MinuteCloser } from './minute-closer.ts';
import { MINUTE } from './minute-rows.ts';
import type { MinuteSink } from './minute-sink.ts';
import type { MinuteBatch } from './minute-writer.ts';
import { Samples } from './samples.ts';
import { TagMapping } from './tag-mapping.ts';

const T = Date.parse('2026-06-10T15:00:00Z');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-cierre-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
/** A closing ends in promise callbacks only (the sink answers at once or when released): one turn of the loop. */
const turno = () => new Promise((resolve) => setImmediate(resolve));

/** A closer of line 1 whose sink keeps each batch and answers when `soltar` is called. */
function closer() {
  const samples = new Samples();
  const mapping = new TagMapping({} as Database);
  mapping.lines = [1];
  const batches: MinuteBatch[] = [];
  let soltar = () => {};
  const sink = {
    write: (batch: MinuteBatch) => {
      batches.push(batch);
      return new Promise<undefined>((resolve) => (soltar = () => resolve(undefined)));
    },
  } as unknown as MinuteSink;
  const cierre = new MinuteCloser({
    dir: fs.mkdtempSync(path.join(dir, 'c-')),
    log: pino({ level: 'silent' }),
    samples,
    mapping,
    sink,
    closeDelayMs: 0,
  });
  /** The PLC's counters and speed at `t`, as the subscription delivers them. */
  const leer = (t: number, botellas: number) => {
    for (const tag of COUNTER_TAGS) samples.push(lineNodeId(1, tag), t, botellas);
    samples.push(lineNodeId(1, 'Velocidad'), t, 600);
    samples.push(lineNodeId(1, 'Formato'), t, 101);
    cierre.maybeClose();
  };
  return { leer, batches, soltar: () => soltar() };
}

describe('MinuteCloser', () => {
  it('closes minutes that piled up behind a slow write each with its own counts, not spread', async () => {
    const { leer, batches, soltar } = closer();
    leer(T, 1_000); // the baseline boundary
    await turno();
    // Every 20 s: 612 bottles in the first minute, 624 in the second, none in the third.
    const porMinuto = [612, 624, 0];
    let total = 1_000;
    for (const [i, n] of porMinuto.entries()) {
      for (let s = 1; s <= 3; s++) leer(T + i * MINUTE + s * 20_000, total + (n * s) / 3);
      total += n;
    }
    // The first minute's write is still in progress: the next two wait for it.
    leer(T + 3 * MINUTE + 20_000, total);
    await vi.waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]!.scada.map((r) => r.botellas)).toEqual([612]);
    soltar();
    await turno();
    leer(T + 3 * MINUTE + 40_000, total);
    await vi.waitFor(() => expect(batches).toHaveLength(2));
    expect(batches[1]!.scada.map((r) => [r.t - T, r.botellas, r.paquetes])).toEqual([
      [MINUTE, 624, 624],
      [2 * MINUTE, 0, 0],
    ]);
  });
});
