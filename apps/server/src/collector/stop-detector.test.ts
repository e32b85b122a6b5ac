import { ESTADO, productionDayRange } from '@planta/domain';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { StopDetector } from './stop-detector.ts';
import type { ParoEvento } from './stop-events.ts';

const TZ = 'America/Lima';
const T = Date.parse('2026-06-10T15:00:00Z');

function detector(umbrales = new Map<number, number>()) {
  const eventos: ParoEvento[] = [];
  const d = new StopDetector({
    timeZone: TZ,
    log: pino({ level: 'silent' }),
    emit: (e) => eventos.push(...e),
  });
  d.adopt([], umbrales);
  return { d, eventos };
}

describe('StopDetector', () => {
  it('opens at the state change and closes when the line runs again, micro-stop by the threshold', () => {
    const { d, eventos } = detector(new Map([[1, 60]]));
    d.sample(1, 'Estado', T, ESTADO.MARCHA);
    d.evaluate();
    expect(eventos).toEqual([]);
    d.sample(1, 'Estado', T + 5_000, ESTADO.PARADA);
    d.sample(1, 'Estado', T + 6_000, ESTADO.PARADA); // a repeat does not move the start
    d.evaluate();
    expect(eventos).toEqual([{ k: 'abrir', linea: 1, inicio: T + 5_000, estado: ESTADO.PARADA, codigo: 0 }]);
    d.sample(1, 'Estado', T + 45_000, ESTADO.MARCHA);
    d.evaluate();
    expect(eventos[1]).toMatchObject({ k: 'cerrar', inicio: T + 5_000, fin: T + 45_000, micro: true });
    // Over the threshold: not a micro-stop.
    d.sample(1, 'Estado', T + 100_000, ESTADO.FALLA);
    d.evaluate();
    d.sample(1, 'Estado', T + 200_000, ESTADO.MARCHA);
    d.evaluate();
    expect(eventos.slice(2)).toMatchObject([
      { k: 'abrir', inicio: T + 100_000, estado: ESTADO.FALLA },
      { k: 'cerrar', inicio: T + 100_000, fin: T + 200_000, micro: false },
    ]);
  });

  it('takes a fault code that arrives after the state, once', () => {
    const { d, eventos } = detector();
    d.sample(2, 'Estado', T, ESTADO.FALLA);
    d.evaluate();
    d.sample(2, 'CodigoFalla', T + 1_000, 102);
    d.evaluate();
    d.evaluate();
    expect(eventos).toEqual([
      { k: 'abrir', linea: 2, inicio: T, estado: ESTADO.FALLA, codigo: 0 },
      { k: 'abrir', linea: 2, inicio: T, estado: ESTADO.FALLA, codigo: 102 },
    ]);
  });

  it('without a state tag: speed 0 and the bottle counter still', () => {
    const { d, eventos } = detector();
    d.sample(3, 'Velocidad', T, 300);
    d.sample(3, 'Botellas', T, 1000);
    d.sample(3, 'Botellas', T + 1_000, 1005);
    d.sample(3, 'Velocidad', T + 2_000, 0);
    d.sample(3, 'Botellas', T + 2_000, 1007);
    d.sample(3, 'Velocidad', T + 3_000, 0); // a later sample moves "now" on
    d.evaluate();
    expect(eventos).toEqual([]); // the counter moved 1 s ago: not yet
    d.sample(3, 'Velocidad', T + 6_000, 0);
    d.evaluate();
    expect(eventos).toEqual([{ k: 'abrir', linea: 3, inicio: T + 2_000, estado: ESTADO.PARADA, codigo: 0 }]);
    d.sample(3, 'Velocidad', T + 30_000, 280);
    d.evaluate();
    expect(eventos[1]).toMatchObject({ k: 'cerrar', inicio: T + 2_000, fin: T + 30_000 });
  });

  it('splits a stop at the production day boundary, the new part continuing the old', () => {
    const { d, eventos } = detector();
    const { end } = productionDayRange('2026-06-10', TZ);
    const boundary = end.getTime();
    d.sample(4, 'Estado', boundary - 60_000, ESTADO.CIP);
    d.evaluate();
    d.sample(4, 'Estado', boundary + 120_000, ESTADO.MARCHA);
    d.evaluate();
    expect(eventos).toEqual([
      { k: 'abrir', linea: 4, inicio: boundary - 60_000, estado: ESTADO.CIP, codigo: 0 },
      {
        k: 'cerrar',
        linea: 4,
        inicio: boundary - 60_000,
        fin: boundary,
        estado: ESTADO.CIP,
        codigo: 0,
        micro: false,
      },
      { k: 'abrir', linea: 4, inicio: boundary, estado: ESTADO.CIP, codigo: 0, continua: boundary - 60_000 },
      {
        k: 'cerrar',
        linea: 4,
        inicio: boundary,
        fin: boundary + 120_000,
        estado: ESTADO.CIP,
        codigo: 0,
        micro: false,
      },
    ]);
  });

  it('splits a stop of three days at each boundary, looked at every second and after a long gap', () => {
    const { d, eventos } = detector();
    const primero = productionDayRange('2026-06-10', TZ).end.getTime();
    const segundo = productionDayRange('2026-06-11', TZ).end.getTime();
    d.sample(4, 'Estado', primero - 60_000, ESTADO.PARADA);
    // Every second across the first boundary (the detector's pace), then nothing for a day.
    for (let t = primero - 60_000; t <= primero + 60_000; t += 1_000) {
      d.sample(4, 'Estado', t, ESTADO.PARADA);
      d.evaluate();
    }
    d.sample(4, 'Estado', segundo + 3_600_000, ESTADO.PARADA);
    d.evaluate();
    d.evaluate();
    expect(eventos.map((e) => [e.k, e.inicio, e.k === 'cerrar' ? e.fin : null])).toEqual([
      ['abrir', primero - 60_000, null],
      ['cerrar', primero - 60_000, primero],
      ['abrir', primero, null],
      ['cerrar', primero, segundo],
      ['abrir', segundo, null],
    ]);
  });

  it('continues an adopted open stop instead of opening another; opens nothing before adopting', () => {
    const eventos: ParoEvento[] = [];
    const d = new StopDetector({
      timeZone: TZ,
      log: pino({ level: 'silent' }),
      emit: (e) => eventos.push(...e),
    });
    d.sample(1, 'Estado', T + 10_000, ESTADO.PARADA);
    d.evaluate();
    expect(eventos).toEqual([]);
    d.adopt([{ linea: 1, inicio: T, estado: ESTADO.PARADA, codigo: 0 }], new Map([[1, 10]]));
    d.evaluate();
    expect(eventos).toEqual([]);
    d.sample(1, 'Estado', T + 20_000, ESTADO.MARCHA);
    d.evaluate();
    expect(eventos).toEqual([
      { k: 'cerrar', linea: 1, inicio: T, fin: T + 20_000, estado: ESTADO.PARADA, codigo: 0, micro: false },
    ]);
  });
});
