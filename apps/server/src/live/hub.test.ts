import type { PubSub } from 'mercurius';
import { describe, expect, it } from 'vitest';
import type { LineaEnVivo } from '../collector/types.ts';
import { LINE_SNAPSHOT_MAX_AGE_MS, LiveHub } from './hub.ts';

const T = Date.parse('2026-06-10T15:00:00Z');

function hubWithLog() {
  const sent: { topic: string; payload: { lineaEnVivo?: LineaEnVivo } }[] = [];
  const hub = new LiveHub();
  hub.attach({ publish: async (event: (typeof sent)[number]) => void sent.push(event) } as unknown as PubSub);
  return { hub, sent };
}

const value = (ms: number, botellas: number): LineaEnVivo => ({
  linea: 1,
  fecha: new Date(T + ms),
  velocidad: 300,
  formato: 5,
  estado: 1,
  botellas,
  botellas_llenas: botellas,
  paquetes: Math.floor(botellas / 12),
});

describe('LiveHub line throttle', () => {
  it('sends every second of data once, even when updates arrive a little under 1 s apart', () => {
    const { hub, sent } = hubWithLog();
    for (let s = 0; s < 10; s++) hub.publishLine(value(s * 1000, s * 5));
    expect(sent.map((e) => e.payload.lineaEnVivo?.fecha.getTime())).toEqual(
      Array.from({ length: 10 }, (_, s) => T + s * 1000),
    );
  });

  it('drops repeats and older seconds, but sends a second again when a late tag changed it', () => {
    const { hub, sent } = hubWithLog();
    hub.publishLine(value(2000, 10));
    hub.publishLine(value(2000, 10)); // same values: dropped
    hub.publishLine(value(2400, 12)); // same second, counters arrived late: sent
    hub.publishLine(value(1000, 5)); // older second: dropped
    expect(sent.map((e) => e.payload.lineaEnVivo?.botellas)).toEqual([10, 12]);
    expect(hub.line(1)?.botellas).toBe(12); // the snapshot holds the newest second
  });
});

describe('LiveHub: what a new subscriber starts from', () => {
  it('the latest value while it arrived within LINE_SNAPSHOT_MAX_AGE_MS of this server\u2019s clock', () => {
    let reloj = Date.parse('2026-06-10T20:00:00Z'); // the PLC's stamps (T) are hours behind: no matter
    const hub = new LiveHub(() => reloj);
    expect(hub.recentLine(1)).toBeNull(); // nothing received yet
    hub.publishLine(value(0, 10));
    expect(hub.recentLine(1)?.botellas).toBe(10);
    expect(hub.recentLine(2)).toBeNull(); // another line
    reloj += LINE_SNAPSHOT_MAX_AGE_MS;
    expect(hub.recentLine(1)?.botellas).toBe(10);
    reloj += 1;
    expect(hub.recentLine(1)).toBeNull(); // stale: the collector stopped publishing
    expect(hub.line(1)?.botellas).toBe(10); // the snapshot query still has it
    hub.publishLine(value(1000, 15));
    expect(hub.recentLine(1)?.botellas).toBe(15);
  });
});
