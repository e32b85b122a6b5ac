import fs from 'node:fs';
import path from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { describe, expect, it } from 'vitest';
import { ESPERAN, OCUPADOS, ordenar } from './secuenciador.ts';

const root = path.resolve(import.meta.dirname, '..');
const proyecto = { config: { root } };
const spec = (ruta: string) =>
  ({ moduleId: path.join(root, ruta), project: proyecto }) as unknown as TestSpecification;
const rutas = (specs: TestSpecification[]) => specs.map((s) => path.relative(root, s.moduleId));

// scripts/secuenciador.ts: the order in which a fresh clone's run starts each project's files.
describe('the test sequencer', () => {
  const servidor = fs
    .readdirSync(path.join(root, 'apps/server/test'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `apps/server/test/${f}`);

  it('names files that exist (a renamed file would silently lose its place)', () => {
    for (const ruta of [...ESPERAN, ...OCUPADOS])
      expect(fs.existsSync(path.join(root, ruta)), ruta).toBe(true);
  });

  it('keeps every file once, the long busy ones first, the waiting ones spread over the first half', () => {
    const cola = rutas(ordenar(servidor.map(spec)));
    expect([...cola].sort()).toEqual([...servidor].sort());
    // Two waiting files at the head (the longest), then the longest busy one.
    expect(cola.slice(0, 3)).toEqual([ESPERAN[0], ESPERAN[1], 'apps/server/test/respaldos.test.ts']);
    const lugares = ESPERAN.filter((f) => servidor.includes(f)).map((f) => cola.indexOf(f));
    expect(lugares).toEqual([...lugares].sort((a, b) => a - b));
    expect(Math.max(...lugares)).toBeLessThan(servidor.length / 2 + 2);
    // Never two waiting files next to each other after the head: busy files between them.
    for (let i = 2; i < lugares.length; i++) expect(lugares[i]! - lugares[i - 1]!).toBeGreaterThan(1);
    // The busy ones of the list in its order, before the rest.
    const ocupados = OCUPADOS.filter((f) => servidor.includes(f)).map((f) => cola.indexOf(f));
    expect(ocupados).toEqual([...ocupados].sort((a, b) => a - b));
  });

  it("starts the browser tests' waiting file first, then their long busy ones", () => {
    const e2e = fs
      .readdirSync(path.join(root, 'e2e'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `e2e/${f}`);
    const cola = rutas(ordenar(e2e.map(spec)));
    expect([...cola].sort()).toEqual([...e2e].sort());
    expect(cola.slice(0, 2)).toEqual(['e2e/paros.test.ts', 'e2e/routes.test.ts']);
  });

  it('leaves a project without long files in the order it was given', () => {
    const web = ['apps/web/src/b.test.tsx', 'apps/web/src/a.test.tsx', 'apps/web/src/c.test.tsx'];
    expect(rutas(ordenar(web.map(spec)))).toEqual(web);
  });
});
