// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every .tsx source of the web app (tests left out). */
function fuentes(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const ruta = path.join(dir, e.name);
    if (e.isDirectory()) return fuentes(ruta);
    return e.name.endsWith('.tsx') && !e.name.includes('.test.') ? [ruta] : [];
  });
}

describe('the DataGrids of the app', () => {
  it('each takes SLOTS_DE_GRID (its loading bar hidden from assistive technology) and a busy box', () => {
    const conGrid = fuentes(srcDir).filter((f) => /<DataGrid\b/.test(fs.readFileSync(f, 'utf8')));
    expect(conGrid.length).toBeGreaterThanOrEqual(2);
    for (const archivo of conGrid) {
      const texto = fs.readFileSync(archivo, 'utf8');
      const nombre = path.relative(srcDir, archivo);
      const grids = texto.match(/<DataGrid\b/g)!.length;
      expect(texto.match(/slots=\{SLOTS_DE_GRID\}/g)?.length ?? 0, `${nombre}: slots`).toBe(grids);
      expect(texto.match(/aria-busy=\{/g)?.length ?? 0, `${nombre}: aria-busy`).toBe(grids);
    }
  });
});
