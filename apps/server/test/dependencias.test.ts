import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The import rules (.dependency-cruiser.cjs, issue 32): the real tree has no cycle and breaks no
 * layer rule, and each rule fires on a small tree built to break it (so a rule that stopped
 * matching, after a folder moved or a regular expression changed, fails here too).
 */

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CONFIGURACION = path.join(RAIZ, '.dependency-cruiser.cjs');

let opciones: ICruiseOptions;
let tsConfig: ReturnType<typeof extractTSConfig>;

beforeAll(async () => {
  opciones = await extractDepcruiseOptions(CONFIGURACION);
  tsConfig = extractTSConfig(path.join(RAIZ, 'tsconfig.base.json'));
});

async function recorrer(baseDir: string, carpetas: string[]): Promise<ICruiseResult> {
  const { output } = await cruise(carpetas, { ...opciones, baseDir }, {}, { tsConfig });
  if (typeof output === 'string')
    throw new Error(`se esperaba el resultado del recorrido, no texto: ${output}`);
  return output;
}

/** One line per violation: the rule, the import and, for a cycle, the way back. */
const linea = (v: IViolation) =>
  `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (ciclo: ${v.cycle.map((c) => c.name).join(' → ')})` : ''}`;

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  it('the code has no import cycle and breaks no layer rule', async () => {
    const resultado = await recorrer(RAIZ, ['apps', 'packages']);
    const violaciones = resultado.summary.violations.map(linea);
    expect(violaciones, `\n${violaciones.join('\n')}\n`).toEqual([]);
    expect(resultado.summary.totalCruised).toBeGreaterThan(500);
  }, 120_000);

  describe('each rule fires on a tree that breaks it', () => {
    let arbol: string;
    const escribir = (archivo: string, texto: string) => {
      const destino = path.join(arbol, archivo);
      fs.mkdirSync(path.dirname(destino), { recursive: true });
      fs.writeFileSync(destino, texto);
    };

    beforeAll(() => {
      arbol = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-dependencias-'));
      // A cycle through a type-only import (types count); reported once.
      escribir(
        'apps/server/src/db/a.ts',
        "import type { B } from './b.ts';\nexport const a = (b: B) => b;\n",
      );
      escribir(
        'apps/server/src/db/b.ts',
        "import { a } from './a.ts';\nexport type B = number;\nexport const b = a;\n",
      );
      // A web feature importing another; within one feature and to components/ is fine.
      escribir('apps/web/src/components/boton.tsx', 'export const Boton = 1;\n');
      escribir('apps/web/src/features/dos/api.ts', 'export const dos = 2;\n');
      escribir('apps/web/src/features/uno/util.ts', 'export const uno = 1;\n');
      escribir(
        'apps/web/src/features/uno/pagina.tsx',
        "import { dos } from '../dos/api.ts';\nimport { uno } from './util.ts';\nimport { Boton } from '../../components/boton.tsx';\nexport const pagina = [dos, uno, Boton];\n",
      );
      // A test may reach into another feature (layer rules exempt tests).
      escribir(
        'apps/web/src/features/uno/pagina.test.ts',
        "import { dos } from '../dos/api.ts';\nexport { dos };\n",
      );
      // A server module reaching another's resolvers; its service, dto and modules/auth are fine.
      escribir('apps/server/src/modules/beta/beta.resolvers.ts', 'export const betaResolvers = {};\n');
      escribir('apps/server/src/modules/beta/beta.service.ts', 'export class BetaService {}\n');
      escribir('apps/server/src/modules/beta/beta.dto.ts', 'export const toBetaDto = (x: unknown) => x;\n');
      escribir('apps/server/src/modules/beta/interno.ts', 'export const interno = 1;\n');
      escribir('apps/server/src/modules/auth/guards.ts', 'export const requireAdmin = () => {};\n');
      escribir(
        'apps/server/src/modules/alfa/alfa.resolvers.ts',
        "import { betaResolvers } from '../beta/beta.resolvers.ts';\nimport type { BetaService } from '../beta/beta.service.ts';\nimport { toBetaDto } from '../beta/beta.dto.ts';\nimport { requireAdmin } from '../auth/guards.ts';\nexport const alfa = (s: BetaService) => [betaResolvers, toBetaDto, requireAdmin, s];\n",
      );
      escribir(
        'apps/server/src/modules/alfa/alfa.ayuda.ts',
        "import { interno } from '../beta/interno.ts';\nexport { interno };\n",
      );
      // The layers upwards: a service importing resolvers, a repository importing a service.
      escribir(
        'apps/server/src/modules/alfa/alfa.service.ts',
        "import { alfa } from './alfa.resolvers.ts';\nexport const alfaService = alfa;\n",
      );
      escribir(
        'apps/server/src/modules/alfa/alfa.repository.ts',
        "import { alfaService } from './alfa.service.ts';\nexport const alfaRepository = alfaService;\n",
      );
      // graphql/ importing a module.
      escribir(
        'apps/server/src/graphql/plugin.ts',
        "import { alfaService } from '../modules/alfa/alfa.service.ts';\nexport const plugin = alfaService;\n",
      );
      // A package importing an app.
      escribir(
        'packages/comun/src/index.ts',
        "import { Boton } from '../../../apps/web/src/components/boton.tsx';\nexport { Boton };\n",
      );
    });

    afterAll(() => fs.rmSync(arbol, { recursive: true, force: true }));

    it('and only there', async () => {
      const resultado = await recorrer(arbol, ['apps', 'packages']);
      const violaciones = resultado.summary.violations.map(linea).sort();
      expect(violaciones).toEqual(
        [
          'no-circular: apps/server/src/db/a.ts → apps/server/src/db/b.ts (ciclo: apps/server/src/db/b.ts → apps/server/src/db/a.ts)',
          'web-feature-a-otra-feature: apps/web/src/features/uno/pagina.tsx → apps/web/src/features/dos/api.ts',
          'modulo-a-otro-modulo: apps/server/src/modules/alfa/alfa.resolvers.ts → apps/server/src/modules/beta/beta.resolvers.ts',
          'modulo-a-otro-modulo: apps/server/src/modules/alfa/alfa.ayuda.ts → apps/server/src/modules/beta/interno.ts',
          'graphql-a-modulo: apps/server/src/graphql/plugin.ts → apps/server/src/modules/alfa/alfa.service.ts',
          'repositorio-hacia-arriba: apps/server/src/modules/alfa/alfa.repository.ts → apps/server/src/modules/alfa/alfa.service.ts',
          'servicio-hacia-arriba: apps/server/src/modules/alfa/alfa.service.ts → apps/server/src/modules/alfa/alfa.resolvers.ts',
          'paquete-a-app: packages/comun/src/index.ts → apps/web/src/components/boton.tsx',
        ].sort(),
      );
      // Every rule of the configuration is among them.
      const reglas = new Set(resultado.summary.violations.map((v) => v.rule.name));
      expect([...reglas].sort()).toEqual((opciones.ruleSet?.forbidden ?? []).map((r) => r.name).sort());
    }, 60_000);
  });
});
