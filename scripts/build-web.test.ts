import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildWeb, fingerprint } from './build-web.ts';

describe('the web build fingerprint (npm start builds only when it changes)', () => {
  it('stays the same while nothing changes, and moves when a source file, the build’s configuration or the lockfile does', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'huella-'));
    try {
      fs.mkdirSync(path.join(base, 'apps/web/src/features'), { recursive: true });
      fs.writeFileSync(path.join(base, 'apps/web/src/features/a.tsx'), 'export const a = 1;\n');
      fs.writeFileSync(path.join(base, 'package-lock.json'), '{}\n');
      const first = fingerprint(base);
      expect(fingerprint(base)).toBe(first);
      fs.writeFileSync(path.join(base, 'apps/web/src/features/a.tsx'), 'export const a = 22;\n');
      const edited = fingerprint(base);
      expect(edited).not.toBe(first);
      fs.writeFileSync(path.join(base, 'apps/web/src/features/b.tsx'), '');
      expect(fingerprint(base)).not.toBe(edited);
      const added = fingerprint(base);
      fs.writeFileSync(path.join(base, 'package-lock.json'), '{"v":2}\n');
      const lock = fingerprint(base);
      expect(lock).not.toBe(added);
      // The build's own configuration (vite.config.ts imports apps/web/build/*): how chunks are cut.
      fs.mkdirSync(path.join(base, 'apps/web/build'), { recursive: true });
      fs.writeFileSync(path.join(base, 'apps/web/build/echarts-chunk.ts'), 'export const x = 1;\n');
      expect(fingerprint(base)).not.toBe(lock);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });

  it('npm run build records what it built, so the next npm start builds nothing until a source changes', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'huella-'));
    const builds: string[] = [];
    // The build's stand-in writes what vite would: a fresh dist with its index.html.
    const construir = (donde: string) => {
      builds.push(donde);
      fs.rmSync(path.join(donde, 'apps/web/dist'), { recursive: true, force: true });
      fs.mkdirSync(path.join(donde, 'apps/web/dist'), { recursive: true });
      fs.writeFileSync(path.join(donde, 'apps/web/dist/index.html'), '<!doctype html>');
      return true;
    };
    try {
      fs.mkdirSync(path.join(base, 'apps/web/src'), { recursive: true });
      fs.writeFileSync(path.join(base, 'apps/web/src/main.tsx'), 'export {};\n');
      expect(buildWeb(true, base, construir)).toBe(true); // npm run build
      expect(buildWeb(false, base, construir)).toBe(false); // npm start right after
      expect(buildWeb(true, base, construir)).toBe(true); // npm run build builds regardless
      fs.writeFileSync(path.join(base, 'apps/web/src/main.tsx'), 'export const x = 1;\n');
      expect(buildWeb(false, base, construir)).toBe(true); // a source changed
      expect(buildWeb(false, base, construir)).toBe(false);
      expect(builds).toHaveLength(3);
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
