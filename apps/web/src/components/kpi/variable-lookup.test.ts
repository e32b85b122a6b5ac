import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type VariableInfo, variablesQueryKey } from './api/variables.ts';
import { findVariable, isVariableFound, lookupVariable } from './variable-lookup.ts';

const variable = (nombre: string, id = '1'): VariableInfo => ({
  id,
  nombre,
  estado: 1,
  nivel: 'GLOBAL',
  minimo: null,
  maximo: null,
  area: 'fabrica',
  unidad: 'CU',
  agregacion: 'SUMA',
  decimales: 0,
  mayor_es_mejor: true,
});

describe('findVariable', () => {
  const list = [variable('Producción (CU)', '1'), variable('ETA (%)', '2')];

  it('finds by exact nombre', () => {
    const found = findVariable(list, 'ETA (%)');
    expect(isVariableFound(found)).toBe(true);
    expect(found).toMatchObject({ id: '2' });
  });

  it('answers an empty object when not found (or without a list)', () => {
    expect(findVariable(list, 'eta (%)')).toEqual({});
    expect(findVariable(undefined, 'ETA (%)')).toEqual({});
    expect(isVariableFound(findVariable(list, 'No existe'))).toBe(false);
  });
});

describe('lookupVariable', () => {
  it('loads the list when none is cached, then uses the cache', async () => {
    const client = new QueryClient();
    const load = vi.fn().mockResolvedValue([variable('Producción (CU)')]);
    expect(await lookupVariable(client, 'Producción (CU)', load)).toMatchObject({ id: '1' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(await lookupVariable(client, 'Producción (CU)', load)).toMatchObject({ id: '1' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again when the cached list is empty', async () => {
    const client = new QueryClient();
    client.setQueryData(variablesQueryKey, []);
    const load = vi.fn().mockResolvedValue([variable('ETA (%)', '7')]);
    expect(await lookupVariable(client, 'ETA (%)', load)).toMatchObject({ id: '7' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('answers {} for an unknown name without loading again', async () => {
    const client = new QueryClient();
    client.setQueryData(variablesQueryKey, [variable('ETA (%)')]);
    const load = vi.fn();
    expect(await lookupVariable(client, 'No existe', load)).toEqual({});
    expect(load).not.toHaveBeenCalled();
  });
});
