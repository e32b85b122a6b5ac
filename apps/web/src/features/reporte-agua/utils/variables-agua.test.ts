import { describe, expect, it } from 'vitest';
import { NINGUNA, leerVariables, textoSeleccion, variablesParaUrl } from './variables-agua.ts';

const AGUA = ['Agua extraída (m³)', 'Agua tratada (m³)', 'Rechazo ósmosis (m³)'];

describe('water variables in the URL', () => {
  it('all by default, and all again when the URL names none of them', () => {
    expect(leerVariables([], AGUA)).toEqual({ elegidas: AGUA, todas: true, desconocidas: [] });
    expect(leerVariables(['No existe'], AGUA)).toEqual({
      elegidas: AGUA,
      todas: true,
      desconocidas: ['No existe'],
    });
  });

  it('keeps the known names in list order and drops the unknown ones', () => {
    expect(leerVariables(['Rechazo ósmosis (m³)', 'x', 'Agua extraída (m³)'], AGUA)).toEqual({
      elegidas: ['Agua extraída (m³)', 'Rechazo ósmosis (m³)'],
      todas: false,
      desconocidas: ['x'],
    });
    expect(leerVariables([NINGUNA], AGUA)).toEqual({ elegidas: [], todas: false, desconocidas: [] });
  });

  it('writes nothing for all, a marker for none, the names otherwise (round trip)', () => {
    expect(variablesParaUrl(AGUA, AGUA)).toEqual([]);
    expect(variablesParaUrl([], AGUA)).toEqual([NINGUNA]);
    const dos = variablesParaUrl(['Rechazo ósmosis (m³)', 'Agua tratada (m³)'], AGUA);
    expect(dos).toEqual(['Agua tratada (m³)', 'Rechazo ósmosis (m³)']);
    expect(leerVariables(dos, AGUA).elegidas).toEqual(dos);
  });

  it('sums up the choice in the select', () => {
    expect(textoSeleccion(AGUA, 3)).toBe('Todas (3)');
    expect(textoSeleccion(['Agua tratada (m³)'], 3)).toBe('Agua tratada (m³)');
    expect(textoSeleccion(AGUA.slice(0, 2), 3)).toBe('2 de 3');
    expect(textoSeleccion([], 3)).toBe('Ninguna');
  });
});
