// Where a command's CPU goes, by kind of process: runs the command, reads /proc every half second
// and prints the CPU-seconds of each kind (Chromium's renderers, the servers the tests start,
// vitest's workers, PostgreSQL…) and the whole machine's busy time from /proc/stat.
//
//   node --import tsx scripts/cpu-procesos.ts -- npx vitest run --project e2e
//
// Why: `time` counts only the processes its command reaped; Chromium's renderers are not among them
// (about 2/3 of the browser tests' CPU was missing from `time`'s figures). Read docs/testing.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const argumentos = process.argv.slice(process.argv.indexOf('--') + 1);
if (argumentos.length === 0 || !process.argv.includes('--')) {
  console.error('uso: node --import tsx scripts/cpu-procesos.ts -- <orden> [argumentos…]');
  process.exit(2);
}

const TICKS = 100; // USER_HZ on Linux

/** The machine's busy ticks (user, nice, system, irq, softirq) from /proc/stat. */
function ocupado(): number {
  const campos = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] = campos;
  return user + nice + system + irq + softirq;
}

/** What kind of process a command line is. */
function clase(cmd: string): string {
  if (/chromium/.test(cmd)) {
    const tipo = /--type=([\w-]+)/.exec(cmd)?.[1];
    return `chromium ${tipo ?? 'navegador'}`;
  }
  if (cmd.includes('apps/server/src/main.ts') || cmd.includes('apps/server/dist/main.mjs'))
    return 'servidor (proceso de prueba)';
  if (cmd.includes('apps/server/src/cli/') || /apps\/server\/dist\/(respaldo|db)\.mjs/.test(cmd))
    return 'CLI del servidor';
  if (cmd.includes('vitest'))
    return cmd.includes('vitest run') ? 'vitest (principal)' : 'vitest (trabajador)';
  if (cmd.startsWith('postgres')) return 'postgres';
  return cmd.split(' ')[0]!.split('/').pop() || '(núcleo)';
}

/** Per process: its CPU ticks when first seen (to count only what it spent since) and its kind. */
const procesos = new Map<number, { inicial: number; ultimo: number; clase: string }>();
let primeraVuelta = true;

function muestrear(): void {
  for (const nombre of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(nombre)) continue;
    const pid = Number(nombre);
    let stat: string;
    let cmd: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    } catch {
      continue; // gone meanwhile
    }
    const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(campos[11]) + Number(campos[12]);
    const visto = procesos.get(pid);
    // A process that ended is a zombie with an empty command line until reaped: keep its kind.
    if (visto) visto.ultimo = ticks;
    else procesos.set(pid, { inicial: primeraVuelta ? ticks : 0, ultimo: ticks, clase: clase(cmd) });
  }
  primeraVuelta = false;
}

muestrear();
const inicio = ocupado();
const desde = Date.now();
const hijo = spawn(argumentos[0]!, argumentos.slice(1), { stdio: 'inherit' });
const reloj = setInterval(muestrear, 500);
hijo.on('exit', (code) => {
  clearInterval(reloj);
  muestrear();
  const total = (ocupado() - inicio) / TICKS;
  const porClase = new Map<string, number>();
  for (const p of procesos.values())
    porClase.set(p.clase, (porClase.get(p.clase) ?? 0) + (p.ultimo - p.inicial) / TICKS);
  console.log(
    `\n${((Date.now() - desde) / 1000).toFixed(0)} s de reloj, ${total.toFixed(0)} s de CPU de la máquina:`,
  );
  for (const [k, v] of [...porClase].sort((a, b) => b[1] - a[1]).filter(([, v]) => v >= 0.5))
    console.log(`  ${v.toFixed(1).padStart(8)} s  ${k}`);
  process.exit(code ?? 1);
});
