import { trendSubtitle } from '@planta/charts/trend/trend-option';
import { describe, expect, it } from 'vitest';
import { subtituloTendencia } from './subtitulo-tendencia.ts';

describe('subtituloTendencia', () => {
  it('is the trend card subtitle, across a year change and month ends', () => {
    for (const fecha of ['2026-01-01', '2026-01-15', '2026-02-28', '2026-03-31', '2026-12-31', '2024-02-29'])
      expect(subtituloTendencia(fecha)).toBe(trendSubtitle(fecha));
  });
});
