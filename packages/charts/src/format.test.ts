import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  formatCompact,
  formatDiaMes,
  formatFecha,
  formatFechaCorta,
  formatFechaLarga,
  formatMesAnio,
  formatMesAnioLargo,
  formatNumber,
  formatPercent,
  formatValue,
} from './format.ts';

describe('number formatting', () => {
  it('uses comma thousands and a decimal point, with the variable\u2019s decimals', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89');
    expect(formatNumber(25340)).toBe('25,340');
    expect(formatNumber(85.2, 2)).toBe('85.20');
    expect(formatNumber(0.4, 3)).toBe('0.400');
  });

  it('shows a dash for missing values and never -0', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(undefined)).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(-0.001, 2)).toBe('0.00');
    expect(formatNumber(-0)).toBe('0');
    expect(formatNumber(-12.5, 1)).toBe('-12.5');
  });

  it('adds the unit and formats percentages', () => {
    expect(formatValue(25340, 'CU')).toBe('25,340 CU');
    expect(formatValue(85.256, '%', 2)).toBe('85.26 %');
    expect(formatValue(null, 'CU')).toBe('—');
    expect(formatValue(3, '')).toBe('3');
    expect(formatPercent(97.46)).toBe('97.5 %');
  });

  it('compacts axis labels in Spanish', () => {
    expect(formatCompact(1_250_000)).toBe('1.3 M');
    expect(formatCompact(25_000)).toBe('25 mil');
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12.5)).toBe('12.5');
    expect(formatCompact(1.456)).toBe('1.46');
    expect(formatCompact(-2_500_000_000)).toBe('-2.5 mil M');
    expect(formatCompact(1000)).toBe('1 mil');
  });
});

describe('date formatting (calendar dates, no time zone shifts)', () => {
  it('formats plant dates as text', () => {
    expect(formatFecha('2026-11-01')).toBe('01/11/2026');
    expect(formatFechaCorta('2026-11-01')).toBe('01/11/26');
    expect(formatDiaMes('2026-09-07')).toBe('07 sep');
    expect(formatMesAnio('2026-09-01')).toBe('sep 2026');
    expect(formatMesAnioLargo('2026-09-01')).toBe('Septiembre 2026');
  });

  it('names the weekday in Spanish', () => {
    expect(formatFechaLarga('2026-11-21')).toBe('sábado, 21 de noviembre de 2026');
    expect(formatFechaLarga('2026-11-23')).toBe('lunes, 23 de noviembre de 2026');
  });

  it('refuses malformed dates', () => {
    expect(() => formatFecha('21/11/2026')).toThrow(RangeError);
  });

  it('escapes stored text for tooltips', () => {
    expect(escapeHtml('<b>"A" & \'B\'</b>')).toBe('&#60;b&#62;&#34;A&#34; &#38; &#39;B&#39;&#60;/b&#62;');
  });
});
