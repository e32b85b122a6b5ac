// The server as plain JavaScript (issue 32 item 1, issue 34 item 4): esbuild bundles apps/server/src
// and the workspace packages it imports into apps/server/dist, so `npm start`, the tests' server
// processes and the command-line tools load it without tsx (which transforms each of hundreds of
// TypeScript files on every start: ≈ 2.5 s of CPU per process, on its own loader thread). The
// npm packages stay outside the bundle, loaded by Node from node_modules as before. `npm start`
// and the tests' global setups build it when the sources changed since the last build (their
// fingerprint is kept beside it, as the web build's); a build takes ≈ 0.5 s.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { compilacionAlDia, huellaFuentes } from './build-web.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the bundle is written; run as `node apps/server/dist/main.mjs`. */
export const SERVER_DIST = path.join(root, 'apps/server/dist');
/** The server's entry points, each an .mjs file of SERVER_DIST with this name. */
const ENTRADAS = {
  main: 'apps/server/src/main.ts',
  respaldo: 'apps/server/src/cli/respaldo.ts',
  db: 'apps/server/src/cli/db.ts',
  // The plant simulator's thread (apps/server/src/simulador/arrancar.ts finds it beside main.mjs).
  simulador: 'apps/server/src/simulador/hilo.ts',
};
/**
 * Every file the bundle is made of (the npm packages are not in it), and what esbuild reads to make
 * it: the workspace packages' package.json (their entry points) and tsconfig.json (how TypeScript
 * is compiled).
 */
const FUENTES = [
  ...['apps/server', 'apps/plant-sim', 'packages/domain', 'packages/charts', 'packages/plant-model'].flatMap(
    (paquete) => [`${paquete}/src`, `${paquete}/package.json`, `${paquete}/tsconfig.json`],
  ),
  'tsconfig.base.json',
  'scripts/build-server.ts',
  'package-lock.json',
];
const SELLO = '.fuentes';

/** The bundled entry `nombre` (main, respaldo, db). */
export const entradaServidor = (nombre: keyof typeof ENTRADAS): string =>
  path.join(SERVER_DIST, `${nombre}.mjs`);

/**
 * The sources find files beside them (the migrations, the GraphQL schema, the worker scripts, the
 * web build) through `import.meta.url`: in the bundle that would be the bundle's own address. Each
 * source's `import.meta.url` becomes its original address, written relative to the bundle's folder
 * (the checkout can move; the bundle and the sources move together).
 */
const direccionOriginal: Plugin = {
  name: 'direccion-original',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const texto = await fs.promises.readFile(args.path, 'utf8');
      if (!texto.includes('import.meta.url')) return undefined;
      const relativa = path.relative(SERVER_DIST, args.path).split(path.sep).join('/');
      return {
        contents: texto.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(relativa)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

/** Bare imports stay npm packages (node_modules); the workspace's own (@planta/*) are bundled. */
const paquetesFuera: Plugin = {
  name: 'paquetes-fuera',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@planta/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Writes the bundle unless the one in SERVER_DIST was built from these very sources (`siempre`:
 * regardless); the previous one is replaced whole. Returns whether it built.
 */
export async function buildServer(siempre = false): Promise<boolean> {
  const huella = huellaFuentes(FUENTES, root);
  const sello = path.join(SERVER_DIST, SELLO);
  if (!siempre && compilacionAlDia(entradaServidor('main'), sello, huella)) return false;
  // Names of their own: two builds at once (two projects' global setups) never share a folder.
  const unico = randomUUID();
  const temporal = `${SERVER_DIST}.nuevo-${unico}`;
  await build({
    absWorkingDir: root,
    entryPoints: ENTRADAS,
    outdir: temporal,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    chunkNames: 'comun-[hash]',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [paquetesFuera, direccionOriginal],
    // What the sources ask to tell the bundle from themselves under tsx (simulador/arrancar.ts).
    define: { PLANTA_EMPAQUETADO: 'true' },
  });
  fs.writeFileSync(path.join(temporal, SELLO), `${huella}\n`);
  // Replaced whole (renamed, never written over): no server loads half of one and half of another.
  const anterior = `${SERVER_DIST}.anterior-${unico}`;
  try {
    if (fs.existsSync(SERVER_DIST)) fs.renameSync(SERVER_DIST, anterior);
    fs.renameSync(temporal, SERVER_DIST);
  } catch (error) {
    // Another build put its bundle in place between the two renames: the same sources, so it is ours too.
    fs.rmSync(temporal, { recursive: true, force: true });
    if (!compilacionAlDia(entradaServidor('main'), sello, huella)) throw error;
  } finally {
    fs.rmSync(anterior, { recursive: true, force: true });
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer(process.argv.includes('--siempre'));
}
