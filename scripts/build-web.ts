// `npm start` builds the web app only when its sources changed since the last build (issue 34 §4):
// a restart with nothing changed serves the existing build at once. The sources' fingerprint (every
// file the build reads: the web app, the packages it imports, the lockfile) is kept beside the
// build, written only after a build that succeeded. `npm run build` always builds (and writes it).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = 'apps/web/dist';
const SELLO = '.fuentes';
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  // what the config imports: how the build splits and compresses the scripts
  'apps/web/build',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'packages/charts/src',
  'packages/charts/package.json',
  'package-lock.json',
];

/** Every file under `sources`, sorted, with its size, time and path hashed (contents not read). */
export function huellaFuentes(sources: readonly string[], base = root): string {
  const hash = createHash('sha256');
  const visit = (relative: string) => {
    const full = path.join(base, relative);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(full);
    } catch {
      hash.update(`${relative}:ausente\n`);
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(full).sort()) visit(path.join(relative, entry));
    } else {
      hash.update(`${relative}:${stat.size}:${stat.mtimeMs}\n`);
    }
  };
  for (const source of sources) visit(source);
  return hash.digest('hex');
}

/**
 * Whether the build whose `entrada` and fingerprint file `sello` are given was made from sources of
 * fingerprint `huella` (false when either file is missing).
 */
export function compilacionAlDia(entrada: string, sello: string, huella: string): boolean {
  return fs.existsSync(entrada) && fs.existsSync(sello) && fs.readFileSync(sello, 'utf8').trim() === huella;
}

/** The web app's sources' fingerprint (see {@link huellaFuentes}). */
export const fingerprint = (base = root): string => huellaFuentes(SOURCES, base);

/** Runs the web app's build (vite) into apps/web/dist under `base`; false when it failed. */
function viteBuild(base: string): boolean {
  return (
    spawnSync('npm', ['run', 'build', '-w', '@planta/web'], { cwd: base, stdio: 'inherit' }).status === 0
  );
}

/**
 * Builds the web app unless apps/web/dist was built from these very sources (`siempre`: regardless,
 * as `npm run build` does), and records the sources' fingerprint beside it, so that the next
 * `npm start` serves that build. Returns whether it built; exits when the build failed.
 */
export function buildWeb(siempre = false, base = root, construir = viteBuild): boolean {
  const current = fingerprint(base);
  const dist = path.join(base, DIST);
  const stamp = path.join(dist, SELLO);
  if (!siempre && compilacionAlDia(path.join(dist, 'index.html'), stamp, current)) return false;
  if (!construir(base)) process.exit(1);
  fs.writeFileSync(stamp, `${current}\n`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWeb(process.argv.includes('--siempre'));
}
