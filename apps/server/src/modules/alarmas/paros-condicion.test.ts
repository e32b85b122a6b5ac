import { describe, expect, it } from 'vitest';
import { ocurrenciasMicroparos, ocurrenciasSinMotivo, type ParoPrevia } from './paros-condicion.ts';
import { detalleMicroparos, detalleParoSinMotivo } from './textos.ts';

const T0 = Date.parse('2026-11-20T15:00:00Z');
const en = (min: number) => new Date(T0 + min * 60_000);

describe('ocurrenciasSinMotivo', () => {
  const paro = (o: Partial<ParoPrevia>): ParoPrevia => ({
    inicio: en(0),
    clase: 'FALLA',
    motivoId: null,
    motivoEn: null,
    motivoUsuarioId: null,
    ...o,
  });
  it('counts stops still without a reason past N, and those a person classified later than N', () => {
    const paros = [
      paro({ inicio: en(0) }), // still none at 60: 60 min
      paro({ inicio: en(50) }), // none, but only 10 min so far
      paro({ inicio: en(5), motivoId: 1, motivoUsuarioId: 3, motivoEn: en(30) }), // 25 min
      paro({ inicio: en(6), motivoId: 1, motivoUsuarioId: 3, motivoEn: en(20) }), // 14 min: in time
      paro({ inicio: en(7), motivoId: 1 }), // its fault code classified it
      paro({ inicio: en(8), clase: 'MICROPARO' }), // needs none
    ];
    expect(ocurrenciasSinMotivo(paros, 20, en(60))).toEqual([
      { inicio: en(0), valor: 60 },
      { inicio: en(5), valor: 25 },
    ]);
  });
});

describe('ocurrenciasMicroparos', () => {
  it('opens when the last hour holds more than N, once, and again only after falling to N − histeresis', () => {
    // 4 within an hour (opens at 30); at 60 the one at 0 leaves the hour (3: normalized), at 65 a
    // fourth again (a new occurrence); later a third occurrence.
    const inicios = [0, 10, 20, 30, 65, 200, 210, 220, 230].map(en);
    expect(ocurrenciasMicroparos(inicios, 3)).toEqual([
      { inicio: en(30), valor: 4 },
      { inicio: en(65), valor: 4 },
      { inicio: en(230), valor: 4 },
    ]);
    // With a dead band of 2 it stays open down to 2 in the hour (it ends at 1 or fewer).
    expect(ocurrenciasMicroparos([0, 10, 20, 30, 71, 75, 76].map(en), 3, 2)).toEqual([
      { inicio: en(30), valor: 4 },
    ]);
    expect(ocurrenciasMicroparos([], 3)).toEqual([]);
  });
});

describe('texts of the rules on stops', () => {
  it('say the line, since when and how long, or the count and the maximum', () => {
    const tz = 'America/Lima';
    const inicio = new Date('2026-11-20T15:42:00Z'); // 10:42 in Lima
    expect(detalleParoSinMotivo('Línea 2', inicio, new Date('2026-11-20T16:07:00Z'), 25, tz)).toBe(
      'Línea 2: paro sin motivo desde las 10:42 (25 min)',
    );
    expect(detalleParoSinMotivo('Línea 2', inicio, new Date('2026-11-21T16:07:00Z'), 1465, tz)).toBe(
      'Línea 2: paro sin motivo desde el 20/11 10:42 (1465 min)',
    );
    expect(detalleMicroparos('Línea 3', 7, 5)).toBe('Línea 3: 7 microparos en la última hora (máximo 5)');
  });
});
