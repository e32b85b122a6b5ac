import { describe, expect, it } from 'vitest';
import type { Sums } from './eficiencia-pagada.repository.ts';
import { addSums, periodo } from './eficiencia-pagada.service.ts';

/** One line-day's sums: good CU, nominal CU of run / planned / paid time, SAP's % (or none). */
function dia(good: number, run: number, planned: number, paid: number, sap: number | null): Sums {
  return {
    producidoCu: good,
    capacidadMarchaCu: run,
    capacidadPagadaCu: paid,
    capacidadOperacionCu: planned,
    producidoOperacionCu: good,
    capacidadPagadaOperacionCu: paid,
    sapCu: sap === null ? 0 : (sap / 100) * paid,
    capacidadPagadaSapCu: sap === null ? 0 : paid,
    producidoSapCu: sap === null ? 0 : good,
    dias: 1,
  };
}

describe('eficiencia pagada: a span from raw sums', () => {
  it('gives pagada ≤ OEE ≤ ETA of a day and the gap to SAP in pp', () => {
    const p = periodo(dia(600, 700, 800, 1000, 65));
    expect(p).toMatchObject({ pagada: 60, oee: 75, eta: 85.71, sap: 65, brecha_pp: -5, cobertura_sap: 100 });
  });

  it('is the ratio of the sums over days, never the mean of the daily percentages', () => {
    // A short day at 20 % and a full day at 80 %: the mean would say 50 %, the sums say 74.55 %.
    const corto = dia(20, 50, 80, 100, 30);
    const largo = dia(800, 900, 950, 1000, 70);
    const mes = periodo(addSums(corto, largo));
    expect(mes.pagada).toBe(74.55);
    expect(mes.pagada).not.toBe(50);
    // SAP weighted by the same paid capacity: (30 + 700) / 1100.
    expect(mes.sap).toBe(66.36);
    expect(mes.brecha_pp).toBe(8.18);
  });

  it('computes SAP and the gap over the days with a SAP figure only, and says how much they cover', () => {
    const conSap = dia(600, 700, 800, 1000, 65);
    const sinSap = dia(300, 400, 400, 1000, null);
    const p = periodo(addSums(conSap, sinSap));
    expect(p.pagada).toBe(45);
    expect(p.sap).toBe(65);
    expect(p.brecha_pp).toBe(-5); // 60 % of the SAP day against its 65 %, not 45 against 65
    expect(p.cobertura_sap).toBe(50);
  });

  it('leaves a span without paid capacity empty, not 0 and not 100; a lone SAP figure stays as entered', () => {
    const vacio = dia(0, 0, 0, 0, null);
    expect(periodo(vacio)).toMatchObject({ pagada: null, oee: null, eta: null, sap: null, brecha_pp: null });
    expect(periodo(dia(0, 0, 0, 0, 71), 71)).toMatchObject({ pagada: null, sap: 71, brecha_pp: null });
  });

  it('keeps OEE empty when no day stores the planned capacity (rows derived before the time model)', () => {
    const viejo: Sums = { ...dia(600, 700, 800, 1000, null), capacidadOperacionCu: null };
    expect(periodo(viejo).oee).toBeNull();
    expect(addSums(viejo, viejo).capacidadOperacionCu).toBeNull();
  });
});
