import { describe, expect, it } from 'vitest';
import {
  brechaColor,
  coberturaParcial,
  formatBrecha,
  parseLineaParam,
  parseSap,
} from './eficiencia-pagada.ts';

describe('eficiencia pagada: rules of the screen', () => {
  it('reads ?linea= as a line number, anything else as the plant', () => {
    expect(parseLineaParam('2')).toBe(2);
    expect(parseLineaParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'x', '100', '1e1'])
      expect(parseLineaParam(bad)).toBeNull();
  });

  it('writes the gap in signed percentage points, Spanish digits', () => {
    expect(formatBrecha(1.254)).toBe('+1.25 pp');
    expect(formatBrecha(-0.4)).toBe('−0.40 pp');
    expect(formatBrecha(-0.001)).toBe('0.00 pp');
    expect(formatBrecha(1234.5)).toBe('+1,234.50 pp');
    expect(formatBrecha(null)).toBe('—');
    expect(formatBrecha(Number.NaN)).toBe('—');
  });

  it('colours the gap: at or above SAP fine, up to 2 pp below a warning, more an error', () => {
    expect(brechaColor(0)).toBe('success');
    expect(brechaColor(3)).toBe('success');
    expect(brechaColor(-2)).toBe('warning');
    expect(brechaColor(-2.01)).toBe('error');
    expect(brechaColor(null)).toBe('default');
  });

  it('tells when SAP covers only part of the paid capacity', () => {
    expect(coberturaParcial(26)).toBe(true);
    expect(coberturaParcial(99.4)).toBe(true);
    expect(coberturaParcial(99.5)).toBe(false);
    expect(coberturaParcial(100)).toBe(false);
    expect(coberturaParcial(null)).toBe(false);
  });

  it('validates the SAP figure an admin types (0–100, up to 2 decimals), in Spanish', () => {
    expect(parseSap('72.5')).toEqual({ valor: 72.5 });
    expect(parseSap(' 72,25 ')).toEqual({ valor: 72.25 });
    expect(parseSap('0')).toEqual({ valor: 0 });
    expect(parseSap('100')).toEqual({ valor: 100 });
    expect(parseSap('')).toEqual({ error: 'Ingrese la eficiencia SAP (%)' });
    expect(parseSap('100.5')).toEqual({ error: 'La eficiencia SAP debe estar entre 0 y 100 %' });
    expect(parseSap('-1')).toHaveProperty('error');
    expect(parseSap('7.123')).toHaveProperty('error');
    expect(parseSap('abc')).toHaveProperty('error');
  });
});
