import { describe, expect, it } from 'vitest';
import { descargable, fechaHoraPlanta, rango, tamano } from './exportaciones.ts';

describe('exports list helpers', () => {
  it('writes sizes in B, KB and MB with a decimal comma', () => {
    expect(tamano(null)).toBe('—');
    expect(tamano(512)).toBe('512 B');
    expect(tamano(753_664)).toBe('736 KB');
    expect(tamano(1.45 * 1024 * 1024)).toMatch(/^1[.,]5 MB$/);
  });

  it('writes instants and ranges in plant time', () => {
    expect(fechaHoraPlanta('2026-11-01T13:00:00Z', 'America/Lima')).toBe('01/11/2026 08:00');
    expect(fechaHoraPlanta('no', 'America/Lima')).toBe('—');
    expect(
      rango(
        { desde: '2026-11-01T13:00:00Z', hasta: '2026-11-24T13:00:00Z', intervalo: '1 hora' },
        'America/Lima',
      ),
    ).toBe('01/11/2026 08:00 – 24/11/2026 08:00 · 1 hora');
    expect(rango({ desde: null, hasta: null, intervalo: null }, 'America/Lima')).toBe('—');
  });

  it('offers the download only while LISTA and unexpired', () => {
    const ahora = Date.parse('2026-11-25T12:00:00Z');
    expect(descargable({ estado: 'LISTA', expira: '2026-11-26T00:00:00Z' }, ahora)).toBe(true);
    expect(descargable({ estado: 'LISTA', expira: '2026-11-25T11:59:00Z' }, ahora)).toBe(false);
    expect(descargable({ estado: 'EN_PROCESO', expira: '2026-11-26T00:00:00Z' }, ahora)).toBe(false);
  });
});
