import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const unitText = fs.readFileSync(path.join(root, 'deploy/planta.service'), 'utf8');
const envExample = fs.readFileSync(path.join(root, 'deploy/planta.env.example'), 'utf8');

/** The unit's settings, `Key=value` per line, comments left out (a key may repeat). */
function directives(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('['))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

function value(key: string): string | undefined {
  return directives(unitText).find(([k]) => k === key)?.[1];
}

/**
 * Runs `systemd-analyze verify` on a copy of `text` whose program and working directory exist here
 * (a plant server has /usr/bin/node and /opt/planta; this machine may not). Returns the exit code
 * and what it said about the unit.
 */
function verify(text: string): { status: number | null; complaints: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planta-unit-'));
  try {
    const file = path.join(dir, 'planta.service');
    fs.writeFileSync(
      file,
      text
        .replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`)
        .replace(/^WorkingDirectory=.*$/m, `WorkingDirectory=${root}`),
    );
    const run = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' });
    if (run.error) {
      throw new Error(
        `systemd-analyze no se pudo ejecutar (apt-get install -y systemd): ${run.error.message}`,
      );
    }
    const complaints = `${run.stdout}\n${run.stderr}`
      .split('\n')
      .filter((line) => line.includes('planta.service'));
    return { status: run.status, complaints };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('deploy/planta.service', () => {
  it('passes systemd-analyze verify without a single complaint', () => {
    expect(verify(unitText)).toEqual({ status: 0, complaints: [] });
  });

  it('the check itself notices an unknown directive and a bad value', () => {
    const unknown = verify(unitText.replace(/^Restart=on-failure$/m, 'Restart=on-failure\nReinicia=yes'));
    expect(unknown.complaints.join('\n')).toContain("Unknown key 'Reinicia'");
    const bad = verify(unitText.replace(/^Restart=on-failure$/m, 'Restart=a-veces'));
    expect(bad.complaints.join('\n')).toContain('a-veces');
  });

  it('runs as its own user with the env file, restarts on failure and writes only the data dir', () => {
    expect(value('User')).toBe('planta');
    expect(value('Group')).toBe('planta');
    expect(value('WorkingDirectory')).toBe('/opt/planta');
    expect(value('EnvironmentFile')).toBe('/etc/planta/planta.env');
    expect(value('Restart')).toBe('on-failure');
    expect(value('NoNewPrivileges')).toBe('yes');
    expect(value('ProtectSystem')).toBe('strict');
    expect(value('ProtectHome')).toBe('yes');
    expect(value('PrivateTmp')).toBe('yes');
    expect(value('KillSignal')).toBe('SIGTERM');
    expect(directives(unitText).filter(([k]) => k === 'ReadWritePaths')).toEqual([
      ['ReadWritePaths', '/var/lib/planta'],
    ]);
    // V8's JIT needs writable and executable memory.
    expect(value('MemoryDenyWriteExecute')).toBeUndefined();
    expect(envExample).toMatch(/^DATA_DIR=\/var\/lib\/planta$/m);
  });

  it('starts the server without building the web app: the serve script, run by node itself', () => {
    const execStart = value('ExecStart') ?? '';
    expect(execStart).not.toMatch(/build|npm|npx|tsc|vite/);
    const [program, ...args] = execStart.split(/\s+/);
    expect(path.isAbsolute(program ?? '')).toBe(true);
    expect(path.basename(program ?? '')).toBe('node');
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(args.join(' ')).toBe(pkg.scripts.serve?.replace(/^node\s+/, ''));
  });
});

describe('deploy/planta.env.example', () => {
  const configSource = fs.readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8');
  const serverReads = new Set([...configSource.matchAll(/^\s*([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] ?? ''));
  // Active lines and commented ones (`# NAME=value`) alike.
  const entries = [...envExample.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map(
    (m) => [m[1] ?? '', (m[2] ?? '').replace(/^"(.*)"$/, '$1')] as const,
  );
  const named = new Set(entries.map(([name]) => name));

  it('names only variables the server reads, and every one of them', () => {
    expect(serverReads.size).toBeGreaterThan(10);
    expect([...named].filter((name) => !serverReads.has(name))).toEqual([]);
    expect([...serverReads].filter((name) => !named.has(name))).toEqual([]);
  });

  it('shows values the server accepts, the commented examples included', () => {
    expect(() => loadConfig(Object.fromEntries(entries))).not.toThrow();
  });
});
