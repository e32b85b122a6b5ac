import { describe, expect, it } from 'vitest';
import {
  formatoEnCurso,
  formatosDe,
  horasDelDia,
  type LecturaHora,
  nominalDe,
  nominalPonderada,
  porcentajeNominal,
  type PresentacionBasica,
  productosDelDia,
  productoTerminadoHora,
  rechazoPorcentaje,
  totalesHoras,
  velocidadColor,
} from './produccion.ts';

const LIMA = 'America/Lima';
const p = (num_botellas: number, bpm: number | null): PresentacionBasica => ({
  num_botellas,
  velocidad_nominal: bpm === null ? null : { velocidad_botellas_minuto: bpm },
});
/** 600 ml × 12 at 667 bpm (code 103) and 1 L × 12 at 400 bpm (111). */
const presentaciones = new Map([
  [103, p(12, 667)],
  [111, p(6, 400)],
  [999, null],
]);
const hora = (utc: string, formato: number, paquetes: number, velocidad = 500): LecturaHora => ({
  fecha: utc,
  velocidad,
  botellas: paquetes * 12 + 30,
  botellas_llenas: paquetes * 12 + 10,
  paquetes,
  formato,
});

describe('finished product', () => {
  it('is bottles per pack × packs of the hour\u2019s product (SPEC §9)', () => {
    expect(productoTerminadoHora({ formato: 103, paquetes: 2_500 }, presentaciones)).toBe(30_000);
    expect(productoTerminadoHora({ formato: 111, paquetes: 100 }, presentaciones)).toBe(600);
  });

  it('counts 0 without product or for an unknown code, and is unknown while its presentation loads', () => {
    expect(productoTerminadoHora({ formato: 0, paquetes: 155 }, presentaciones)).toBe(0);
    expect(productoTerminadoHora({ formato: 999, paquetes: 10 }, presentaciones)).toBe(0);
    expect(productoTerminadoHora({ formato: 205, paquetes: 10 }, presentaciones)).toBeNull();
  });
});

describe('horasDelDia', () => {
  const lecturas = [
    hora('2026-11-20T13:00:00Z', 103, 2_000, 550), // 08:00
    hora('2026-11-20T14:00:00Z', 103, 2_500, 600), // 09:00
    // 10:00 missing
    hora('2026-11-20T16:00:00Z', 0, 0, 0), // 11:00 stopped
    hora('2026-11-21T12:00:00Z', 111, 100, 380), // 07:00
  ];
  const horas = horasDelDia(lecturas, LIMA, presentaciones);

  it('has the 24 hours 8…23, 0…7 with gaps kept', () => {
    expect(horas.map((h) => h.hora)).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(horas[2]).toEqual({ hora: 10, lectura: null, productoTerminado: null, nominal: null });
    expect(horas[3]).toMatchObject({ hora: 11, productoTerminado: 0, nominal: null });
    expect(horas[0]).toMatchObject({ productoTerminado: 24_000, nominal: 667 });
    expect(horas[23]).toMatchObject({ productoTerminado: 600, nominal: 400 });
  });

  it('sums the counts of the hours with a reading', () => {
    expect(totalesHoras(horas)).toEqual({
      botellas: 2_000 * 12 + 30 + 2_500 * 12 + 30 + 30 + 100 * 12 + 30,
      botellas_llenas: 2_000 * 12 + 10 + 2_500 * 12 + 10 + 10 + 100 * 12 + 10,
      paquetes: 4_600,
      productoTerminado: 24_000 + 30_000 + 600,
      horas: 4,
    });
  });

  it('leaves the finished product unknown while a presentation loads', () => {
    const sinCargar = horasDelDia(lecturas, LIMA, new Map([[103, p(12, 667)]]));
    expect(sinCargar[23]?.productoTerminado).toBeNull();
    expect(totalesHoras(sinCargar).productoTerminado).toBeNull();
    expect(totalesHoras(sinCargar).paquetes).toBe(4_600);
  });

  it('lists the day\u2019s products with their packs and finished product', () => {
    expect(productosDelDia(horas)).toEqual([
      { formato: 103, horas: 2, paquetes: 4_500, productoTerminado: 54_000 },
      { formato: 111, horas: 1, paquetes: 100, productoTerminado: 600 },
    ]);
  });

  it('weights the nominal speeds by the time each product ran', () => {
    const b1 = 2_000 * 12 + 30;
    const b2 = 2_500 * 12 + 30;
    const b3 = 100 * 12 + 30;
    expect(nominalPonderada(horas)).toBeCloseTo((b1 + b2 + b3) / ((b1 + b2) / 667 + b3 / 400), 9);
    expect(nominalPonderada(horasDelDia([], LIMA, presentaciones))).toBeNull();
  });

  it('makes a line at 90 % of nominal on two products read 90 %, whatever the mix', () => {
    // 4 h of a 400 bpm product and 8 h of a 140 bpm one, both run at 90 % for 50 min an hour.
    const mix = new Map([
      [401, p(24, 400)],
      [404, p(8, 140)],
    ]);
    const lecturas = Array.from({ length: 12 }, (_, i) => {
      const nominal = i < 4 ? 400 : 140;
      const botellas = nominal * 0.9 * 50;
      return {
        fecha: new Date(Date.UTC(2026, 10, 20, 13 + i)).toISOString(),
        velocidad: (botellas / 60) | 0,
        botellas,
        botellas_llenas: botellas,
        paquetes: 0,
        formato: i < 4 ? 401 : 404,
      };
    });
    const dia = horasDelDia(lecturas, LIMA, mix);
    const mediaEnMarcha = lecturas.reduce((a, l) => a + l.botellas, 0) / (12 * 50);
    expect(porcentajeNominal(mediaEnMarcha, nominalPonderada(dia))).toBeCloseTo(90, 9);
  });

  it('shows the live product while the day runs, else the last one of the day', () => {
    expect(formatoEnCurso(horas, { formato: 104 })).toEqual({ formato: 104, origen: 'vivo' });
    // No product on the line right now: the last one of the day, said so.
    expect(formatoEnCurso(horas, { formato: 0 })).toEqual({ formato: 111, origen: 'dia' });
    expect(formatoEnCurso(horas, null)).toEqual({ formato: 111, origen: 'dia' });
    expect(formatoEnCurso(horasDelDia([], LIMA, presentaciones), undefined)).toEqual({
      formato: 0,
      origen: 'dia',
    });
  });

  it('collects the product codes to load, without 0 and without repeats', () => {
    expect(formatosDe(lecturas, 104, 0, null)).toEqual([103, 104, 111]);
  });
});

describe('speed against nominal', () => {
  it('is a percentage of the nominal', () => {
    expect(porcentajeNominal(600, 667)).toBeCloseTo(89.955, 3);
    expect(porcentajeNominal(0, 667)).toBe(0);
    expect(porcentajeNominal(600, null)).toBeNull();
    expect(porcentajeNominal(600, 0)).toBeNull();
    expect(porcentajeNominal(null, 667)).toBeNull();
    expect(nominalDe(103, presentaciones)).toBe(667);
    expect(nominalDe(0, presentaciones)).toBeNull();
    expect(nominalDe(999, presentaciones)).toBeNull();
  });

  it('is green from 90 %, amber from 75 %, red below, grey without a nominal', () => {
    expect(velocidadColor(90, 100)).toBe('success');
    expect(velocidadColor(110, 100)).toBe('success');
    expect(velocidadColor(89.9, 100)).toBe('warning');
    expect(velocidadColor(75, 100)).toBe('warning');
    expect(velocidadColor(74.9, 100)).toBe('error');
    expect(velocidadColor(0, 100)).toBe('error');
    expect(velocidadColor(500, null)).toBe('default');
  });

  it('rejects are the counted bottles that were not filled', () => {
    expect(rechazoPorcentaje(1_000, 990)).toBeCloseTo(1, 9);
    expect(rechazoPorcentaje(0, 0)).toBeNull();
  });
});
