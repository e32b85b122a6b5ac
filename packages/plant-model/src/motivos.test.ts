import {
  ARBOL_MOTIVOS_PARO,
  type ClasePerdida,
  claseDeTipoParo,
  type MotivoPorDefecto,
} from '@planta/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlantModel } from './model.ts';
import { productoPresentacionDeFormato } from './reference.ts';
import type { DayData, Paro } from './types.ts';

const MINUTE = 60_000;
let days: DayData[] = [];
let paros: Paro[] = [];

/** Every reason of the default tree by "categoria/nombre". */
const ARBOL = new Map<string, MotivoPorDefecto>(
  ARBOL_MOTIVOS_PARO.flatMap((c) => c.motivos.map((m) => [`${c.nombre}/${m.nombre}`, m] as const)),
);
const ruta = (p: Paro) => `${p.motivo?.categoria}/${p.motivo?.nombre}`;
const minutos = (p: Paro) => (p.fin - p.inicio) / MINUTE;
const clase = (p: Paro): ClasePerdida | undefined => ARBOL.get(ruta(p))?.clase;

/** Minutes per key, largest first. */
function porMinutos(lista: Paro[], key: (p: Paro) => string): [string, number][] {
  const sums = new Map<string, number>();
  for (const p of lista) sums.set(key(p), (sums.get(key(p)) ?? 0) + minutos(p));
  return [...sums].sort((a, b) => b[1] - a[1]);
}

beforeAll(() => {
  const model = createPlantModel({ seed: 11, timeZone: 'America/Lima' });
  const start = Date.UTC(2025, 0, 1);
  // Sixty days: summer and autumn shifts, holidays (1 January), Sundays.
  days = Array.from({ length: 60 }, (_, i) =>
    model.day(new Date(start + i * 86_400_000).toISOString().slice(0, 10)),
  );
  paros = days.flatMap((d) => d.paros);
});

describe('stop reasons', () => {
  it('give every stop a reason of the default tree, of the loss class of its tipo', () => {
    expect(paros.length).toBeGreaterThan(1000);
    const bad = paros.filter((p) => p.motivo === null || clase(p) !== claseDeTipoParo(p.tipo));
    expect(bad).toEqual([]);
    // Each tipo with the reasons issue 33 (item 7) gives it.
    const nombres = (tipo: Paro['tipo']) => new Set(paros.filter((p) => p.tipo === tipo).map(ruta));
    expect(nombres('CIP')).toEqual(new Set(['Planificado/CIP']));
    expect(nombres('CAMBIO_FORMATO')).toEqual(
      new Set([
        'Cambio de formato/Cambio de presentación',
        'Cambio de formato/Cambio de sabor',
        'Cambio de formato/Cambio de etiqueta',
      ]),
    );
    expect(nombres('PLANIFICADO')).toEqual(
      new Set(['Planificado/Sin órdenes de producción', 'Planificado/Mantenimiento planificado']),
    );
    expect([...nombres('FALLA')].map((r) => r.split('/')[0])).toEqual(
      expect.arrayContaining(['Mecánica', 'Eléctrica', 'Abastecimiento']),
    );
    expect(nombres('MICROPARO')).toEqual(
      new Set([
        'Microparos/Atasco de botellas',
        'Microparos/Botella caída',
        'Microparos/Falta de tapa en tolva',
      ]),
    );
  });

  it('keep equipo and causa consistent with the reason', () => {
    // Machines that stand in for a reason's on lines 3 (cans) and 4 (returnable glass).
    const equivalente: Record<string, string> = {
      'Cerradora de latas': 'Taponadora',
      Despaletizador: 'Paletizadora',
      Desencajonadora: 'Empacadora',
    };
    const mecanicas = paros.filter((p) => p.motivo?.categoria === 'Mecánica');
    expect(mecanicas.filter((p) => (equivalente[p.equipo] ?? p.equipo) !== p.motivo?.nombre)).toEqual([]);
    // A changeover's causa is its reason.
    const cambios = paros.filter((p) => p.tipo === 'CAMBIO_FORMATO');
    expect(cambios.filter((p) => p.causa !== p.motivo?.nombre)).toEqual([]);
    expect(paros.filter((p) => p.causa === '' || p.equipo === '')).toEqual([]);
  });

  it('change presentation exactly when the presentation changes, else flavour or label', () => {
    let checked = 0;
    for (const day of days) {
      for (const p of day.paros.filter((x) => x.tipo === 'CAMBIO_FORMATO')) {
        const row = (t: number) => day.scada.find((r) => r.linea === p.linea && r.t === t);
        const antes = productoPresentacionDeFormato(p.linea, row(p.inicio - MINUTE)?.formato ?? 0);
        const despues = productoPresentacionDeFormato(p.linea, row(p.fin)?.formato ?? 0);
        expect(antes).not.toBeNull();
        expect(despues).not.toBeNull();
        expect(antes?.key).not.toBe(despues?.key);
        const otraPresentacion = antes?.presentacionKey !== despues?.presentacionKey;
        expect(p.motivo?.nombre === 'Cambio de presentación').toBe(otraPresentacion);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('give part of the failures their reason’s fault code, and no code to anything else', () => {
    const bad = paros.filter(
      (p) =>
        p.codigoFalla !== null &&
        (p.tipo !== 'FALLA' || !(ARBOL.get(ruta(p))?.codigosFalla ?? []).includes(p.codigoFalla)),
    );
    expect(bad).toEqual([]);
    const conCodigos = paros.filter(
      (p) => p.tipo === 'FALLA' && (ARBOL.get(ruta(p))?.codigosFalla.length ?? 0) > 0,
    );
    const share = conCodigos.filter((p) => p.codigoFalla !== null).length / conCodigos.length;
    expect(conCodigos.length).toBeGreaterThan(100);
    expect(share).toBeGreaterThan(0.45);
    expect(share).toBeLessThan(0.75);
    // The filler's first-out code, 101, is among them.
    expect(paros.some((p) => p.codigoFalla === 101 && p.motivo?.nombre === 'Llenadora')).toBe(true);
  });

  it('follow a Pareto: a few reasons carry most unplanned stop minutes', () => {
    const noPlanificados = paros.filter((p) => clase(p) !== 'PLANIFICADO');
    const total = noPlanificados.reduce((s, p) => s + minutos(p), 0);
    const pareto = porMinutos(noPlanificados, ruta);
    const top3 = pareto.slice(0, 3).reduce((s, [, m]) => s + m, 0);
    expect(top3 / total).toBeGreaterThanOrEqual(0.6);
    // Roughly 80/20: the top fifth of the reasons used carries about three quarters of the minutes.
    const quinto = pareto.slice(0, Math.ceil(pareto.length / 5)).reduce((s, [, m]) => s + m, 0);
    expect(quinto / total).toBeGreaterThan(0.7);

    // Failures mostly at the filler, the labeller and the capper; micro-stops mostly jammed bottles.
    const fallas = paros.filter((p) => p.tipo === 'FALLA');
    const fallasTotal = fallas.reduce((s, p) => s + minutos(p), 0);
    const maquinas = porMinutos(fallas, ruta)
      .filter(([r]) => ['Mecánica/Llenadora', 'Mecánica/Etiquetadora', 'Mecánica/Taponadora'].includes(r))
      .reduce((s, [, m]) => s + m, 0);
    expect(maquinas / fallasTotal).toBeGreaterThan(0.5);
    expect(porMinutos(fallas, ruta)[0]?.[0]).toBe('Mecánica/Llenadora');
    const micro = porMinutos(
      paros.filter((p) => p.tipo === 'MICROPARO'),
      ruta,
    );
    const microTotal = micro.reduce((s, [, m]) => s + m, 0);
    expect(micro[0]?.[0]).toBe('Microparos/Atasco de botellas');
    expect((micro[0]?.[1] ?? 0) / microTotal).toBeGreaterThan(0.6);
  });

  it('are the same for the same seed, and drawn from it', () => {
    const again = createPlantModel({ seed: 11, timeZone: 'America/Lima' }).day(days[10]!.fecha).paros;
    expect(again).toEqual(days[10]!.paros);
    const other = createPlantModel({ seed: 12, timeZone: 'America/Lima' });
    const reasons = (d: DayData) => d.paros.map((p) => [ruta(p), p.codigoFalla]);
    expect(days.slice(0, 5).map(reasons)).not.toEqual(
      days.slice(0, 5).map((d) => reasons(other.day(d.fecha))),
    );
  });
});
