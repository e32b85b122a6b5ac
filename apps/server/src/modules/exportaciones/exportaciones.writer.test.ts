import { describe, expect, it } from 'vitest';
import { tituloColumna } from './exportaciones.writer.ts';

describe('tituloColumna', () => {
  it('adds the unit once: not when the variable name already carries it', () => {
    const col = (titulo: string, unidad: string | null) => ({
      clave: 'x',
      titulo,
      unidad,
      tipo: 'numero' as const,
    });
    expect(tituloColumna(col('Consumo de agua', 'm³'))).toBe('Consumo de agua (m³)');
    expect(tituloColumna(col('Flujo aire L1 (Nm³/h)', 'Nm³/h'))).toBe('Flujo aire L1 (Nm³/h)');
    expect(tituloColumna(col('Flujo aire AP soplado (Nm³/h)_561', 'Nm³/h'))).toBe(
      'Flujo aire AP soplado (Nm³/h)_561',
    );
    expect(tituloColumna(col('Fecha', null))).toBe('Fecha');
  });
});
