import { describe, expect, it } from 'vitest';
import {
  ARBOL_MOTIVOS_PARO,
  CLASES_PERDIDA,
  claseDeTipoParo,
  tipoDeClase,
  esClasePerdida,
  ETIQUETAS_CLASE_PERDIDA,
  MAX_CODIGO_FALLA,
  VALORES_CLASE_PERDIDA,
} from './motivos-paro.ts';

describe('loss classes', () => {
  it('are the seven of the API, labelled in Spanish', () => {
    expect(VALORES_CLASE_PERDIDA).toEqual([
      'PLANIFICADO',
      'FALLA',
      'CAMBIO_FORMATO',
      'MICROPARO',
      'VELOCIDAD',
      'CALIDAD',
      'ARRANQUE',
    ]);
    expect(ETIQUETAS_CLASE_PERDIDA.VELOCIDAD).toBe('Velocidad reducida');
    expect(CLASES_PERDIDA.every((c) => ETIQUETAS_CLASE_PERDIDA[c.clase] === c.etiqueta)).toBe(true);
    expect(esClasePerdida('CALIDAD')).toBe(true);
    expect(esClasePerdida('CIP')).toBe(false);
  });

  it('a stop without a class takes its tipo’s; CIP is planned time', () => {
    expect(claseDeTipoParo('CIP')).toBe('PLANIFICADO');
    expect(claseDeTipoParo('PLANIFICADO')).toBe('PLANIFICADO');
    expect(claseDeTipoParo('FALLA')).toBe('FALLA');
    expect(claseDeTipoParo('MICROPARO')).toBe('MICROPARO');
    expect(claseDeTipoParo('CAMBIO_FORMATO')).toBe('CAMBIO_FORMATO');
  });
});

describe('the default tree', () => {
  it('keeps the server’s rules: unique names, valid classes, each fault code once, ascending', () => {
    const categorias = ARBOL_MOTIVOS_PARO.map((c) => c.nombre.toLowerCase());
    expect(new Set(categorias).size).toBe(categorias.length);
    const codigos: number[] = [];
    for (const categoria of ARBOL_MOTIVOS_PARO) {
      expect(categoria.nombre.length).toBeLessThanOrEqual(60);
      const nombres = categoria.motivos.map((m) => m.nombre.toLowerCase());
      expect(new Set(nombres).size).toBe(nombres.length);
      for (const motivo of categoria.motivos) {
        expect(motivo.nombre.length).toBeLessThanOrEqual(80);
        expect(esClasePerdida(motivo.clase)).toBe(true);
        expect([...motivo.codigosFalla].sort((a, b) => a - b)).toEqual(motivo.codigosFalla);
        codigos.push(...motivo.codigosFalla);
      }
    }
    expect(new Set(codigos).size).toBe(codigos.length);
    expect(codigos.every((c) => Number.isInteger(c) && c >= 1 && c <= MAX_CODIGO_FALLA)).toBe(true);
  });
});

describe('tipoDeClase', () => {
  it('follows the class where it has a tipo, keeps a CIP planned and the tipo otherwise', () => {
    expect(tipoDeClase('PLANIFICADO', 'CIP')).toBe('CIP');
    expect(tipoDeClase('PLANIFICADO', 'FALLA')).toBe('PLANIFICADO');
    expect(tipoDeClase('FALLA', 'MICROPARO')).toBe('FALLA');
    expect(tipoDeClase('CAMBIO_FORMATO', 'FALLA')).toBe('CAMBIO_FORMATO');
    expect(tipoDeClase('MICROPARO', 'FALLA')).toBe('MICROPARO');
    for (const clase of ['VELOCIDAD', 'CALIDAD', 'ARRANQUE'] as const) {
      expect(tipoDeClase(clase, 'CIP')).toBe('CIP');
      expect(tipoDeClase(clase, 'FALLA')).toBe('FALLA');
    }
  });
});
