import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CANDADOS } from './candados.ts';

const SRC = path.resolve(import.meta.dirname, '..');

/** Every source file of the server (tests aside), relative to apps/server/src. */
function fuentes(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entrada) => {
    const ruta = path.join(dir, entrada.name);
    if (entrada.isDirectory()) return fuentes(ruta);
    return /\.(ts|mjs)$/.test(entrada.name) && !entrada.name.endsWith('.test.ts') ? [ruta] : [];
  });
}

/** The numeric literals of a source text (decimal with `_`, hex), as numbers. */
function numeros(texto: string): number[] {
  return [...texto.matchAll(/\b(0x[\da-f_]+|\d[\d_]*)\b/gi)].map((m) => Number(m[1]!.replace(/_/g, '')));
}

describe('advisory-lock keys (db/candados.ts)', () => {
  it('are unique across every key, single-key and two-key forms alike, and fit a PostgreSQL int', () => {
    const valores = Object.values(CANDADOS);
    expect(new Set(valores).size).toBe(valores.length);
    for (const [nombre, valor] of Object.entries(CANDADOS)) {
      expect(Number.isInteger(valor), nombre).toBe(true);
      expect(valor, nombre).toBeGreaterThan(0);
      expect(valor, nombre).toBeLessThanOrEqual(2 ** 31 - 1);
    }
  });

  it('the scheduled backup and the collector election never share a key', () => {
    expect(CANDADOS.respaldoProgramado).not.toBe(CANDADOS.colector);
  });

  it('are written nowhere else: every file that takes an advisory lock imports them', () => {
    const propios = new Set<number>(Object.values(CANDADOS));
    const usuarios: string[] = [];
    for (const archivo of fuentes()) {
      const relativo = path.relative(SRC, archivo);
      if (relativo === path.join('db', 'candados.ts')) continue;
      const texto = fs.readFileSync(archivo, 'utf8');
      // A key's number written in another file: a second, unregistered copy of it.
      expect(
        numeros(texto).filter((n) => propios.has(n)),
        relativo,
      ).toEqual([]);
      // No literal key inside a lock call.
      expect(texto, relativo).not.toMatch(/advisory_\w*lock\(\s*\d/);
      expect(texto, relativo).not.toMatch(/\.tryLock\(\s*\d/);
      if (/pg_\w*advisory_\w*lock|\.tryLock\(/.test(texto)) {
        usuarios.push(relativo);
        expect(texto, relativo).toMatch(/from '[./]*(db\/)?candados\.ts'/);
      }
    }
    // The scan saw the users it must see (a moved file would otherwise pass unseen).
    expect(usuarios).toEqual(
      expect.arrayContaining([
        path.join('collector', 'election.ts'),
        path.join('modules', 'respaldos', 'respaldos.service.ts'),
        path.join('db', 'client.ts'),
        path.join('db', 'particiones.ts'),
      ]),
    );
  });
});
