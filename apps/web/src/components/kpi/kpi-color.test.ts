import { createTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { kpiColor, kpiPaletteColor, kpiStatusLabel, percentOfMeta } from './kpi-color.ts';

describe('kpiColor', () => {
  it('higher is better: green at or above the meta, amber within 5 %, red below', () => {
    expect(kpiColor(26_000, 25_000, true)).toBe('success');
    expect(kpiColor(25_000, 25_000, true)).toBe('success');
    expect(kpiColor(23_750, 25_000, true)).toBe('warning'); // exactly 95 %
    expect(kpiColor(23_749, 25_000, true)).toBe('error');
  });

  it('lower is better (water L/L, energy MJ/L): green at or below, amber up to 5 % above, red beyond', () => {
    expect(kpiColor(1.45, 1.5, false)).toBe('success');
    expect(kpiColor(1.5, 1.5, false)).toBe('success');
    expect(kpiColor(1.575, 1.5, false)).toBe('warning');
    expect(kpiColor(1.6, 1.5, false)).toBe('error');
  });

  it('is default without a value or a meta', () => {
    expect(kpiColor(null, 25_000, true)).toBe('default');
    expect(kpiColor(90, null, true)).toBe('default');
  });
});

describe('percentOfMeta', () => {
  it('is value / meta × 100', () => {
    expect(percentOfMeta(24_375, 25_000)).toBeCloseTo(97.5);
    expect(percentOfMeta(1.45, 1.5)).toBeCloseTo(96.667, 3);
  });

  it('is null without a usable meta', () => {
    expect(percentOfMeta(10, 0)).toBeNull();
    expect(percentOfMeta(10, null)).toBeNull();
    expect(percentOfMeta(null, 10)).toBeNull();
  });
});

describe('kpi colour names and theme colours', () => {
  const theme = createTheme({ palette: { mode: 'dark' } });

  it('says the status in words', () => {
    expect(kpiStatusLabel('success')).toBe('Cumple la meta');
    expect(kpiStatusLabel('warning')).toBe('Cerca de la meta');
    expect(kpiStatusLabel('error')).toBe('Fuera de la meta');
    expect(kpiStatusLabel('default')).toBe('Sin meta');
  });

  it('maps to the theme palette', () => {
    expect(kpiPaletteColor('success', theme)).toBe(theme.palette.success.main);
    expect(kpiPaletteColor('error', theme)).toBe(theme.palette.error.main);
    expect(kpiPaletteColor('default', theme)).toBe(theme.palette.text.secondary);
  });
});
