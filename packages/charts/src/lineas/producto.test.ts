import { describe, expect, it } from 'vitest';
import { litrosPaqueteTexto, litrosPorBotella, presentacionTexto, volumenTexto } from './producto.ts';

describe('product presentation texts', () => {
  it('prints volumes as on the label', () => {
    expect(volumenTexto({ volumen: 600, unid_medida: 'ml' })).toBe('600 ml');
    expect(volumenTexto({ volumen: 1.5, unid_medida: 'L' })).toBe('1.5 L');
    expect(volumenTexto({ volumen: 2.25, unid_medida: 'L' })).toBe('2.25 L');
    expect(volumenTexto({ volumen: 1000, unid_medida: 'ml' })).toBe('1,000 ml');
  });

  it('describes the pack and its litres', () => {
    expect(presentacionTexto({ volumen: 355, unid_medida: 'ml' }, 12)).toBe('355 ml × 12');
    expect(litrosPorBotella({ volumen: 600, unid_medida: 'ml' })).toBeCloseTo(0.6, 9);
    expect(litrosPaqueteTexto({ volumen: 600, unid_medida: 'ml' }, 12)).toBe('7.2 L');
    expect(litrosPaqueteTexto({ volumen: 250, unid_medida: 'ml' }, 24)).toBe('6 L');
    expect(litrosPaqueteTexto({ volumen: 2.25, unid_medida: 'L' }, 6)).toBe('13.5 L');
  });
});
