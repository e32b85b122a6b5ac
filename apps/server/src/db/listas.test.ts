import { describe, expect, it } from 'vitest';
import { leerLista } from './listas.ts';

describe('leerLista', () => {
  it('reads numbers, booleans, null and quoted text as PostgreSQL joins them', () => {
    expect(leerLista('1,-2,3.5,1e+30,-0')).toEqual([1, -2, 3.5, 1e30, -0]);
    expect(leerLista<number | null>('null,4')).toEqual([null, 4]);
    expect(leerLista<boolean>('true,false')).toEqual([true, false]);
    expect(leerLista<string>('"2026-03-01","2026-03-02"')).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('is empty when nothing was aggregated', () => {
    expect(leerLista(null)).toEqual([]);
    expect(leerLista(undefined)).toEqual([]);
    expect(leerLista('')).toEqual([]);
  });

  it("reads PostgreSQL's NaN and Infinity, which are not JSON", () => {
    expect(leerLista('1,NaN,Infinity,-Infinity,null')).toEqual([1, NaN, Infinity, -Infinity, null]);
  });
});
