// Where a command's CPU goes, by kind of process: runs the command, reads /proc every half second
// and prints the CPU-seconds of each kind (Chromium's renderers, the servers the tests start,
// vitest's workers, PostgreSQL…) and the whole machine's busy time from /proc/stat.
//
//   node --import tsx scripts/cpu-procesos.ts -- npx vitest run --project e2e
//   CPU_PROCESOS_DETALLE=1 node --import tsx scripts/cpu-procesos.ts -- npx vitest run   (each server too)
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

/**
 * With CPU_PROCESOS_DETALLE=1, every process of these kinds is also printed on its own: when it was
 * first and last seen, its CPU and what tells it apart (its DATA_DIR, its command line), to find which
 * test started it.
 */
const DETALLE = process.env.CPU_PROCESOS_DETALLE === '1';
const CLASES_DETALLADAS = ['servidor (proceso de prueba)', 'CLI del servidor', 'node'];

/** Per process: its CPU ticks when first seen (to count only what it spent since) and its kind. */
const procesos = new Map<
  number,
  { inicial: number; ultimo: number; clase: string; desde: number; hasta: number; nombre: string }
>();

/** What tells a process apart in the detail: its DATA_DIR, else its command line. */
function identidad(pid: number, cmd: string): string {
  let dataDir = '';
  try {
    dataDir = /(?:^|\0)DATA_DIR=([^\0]*)/.exec(fs.readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1] ?? '';
  } catch {
    // gone, or not ours to read
  }
  return `${dataDir ? `DATA_DIR=${dataDir} ` : ''}${cmd.slice(0, 160)}`;
}
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
    const ahora = (Date.now() - desde) / 1000;
    if (visto) {
      visto.ultimo = ticks;
      visto.hasta = ahora;
    } else {
      const tipo = clase(cmd);
      procesos.set(pid, {
        inicial: primeraVuelta ? ticks : 0,
        ultimo: ticks,
        clase: tipo,
        desde: ahora,
        hasta: ahora,
        nombre: DETALLE && CLASES_DETALLADAS.includes(tipo) ? identidad(pid, cmd) : '',
      });
    }
  }
  primeraVuelta = false;
}

const desde = Date.now();
muestrear();
const inicio = ocupado();
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
  if (DETALLE) {
    console.log('\nCada proceso de esas clases (visto desde–hasta, s de reloj; CPU):');
    for (const p of [...procesos.values()]
      .filter((p) => p.nombre && p.ultimo - p.inicial >= 50)
      .sort((a, b) => b.ultimo - b.inicial - (a.ultimo - a.inicial)))
      console.log(
        `  ${((p.ultimo - p.inicial) / TICKS).toFixed(1).padStart(7)} s  ${p.desde.toFixed(0)}–${p.hasta.toFixed(0)}  ${p.nombre}`,
      );
  }
  process.exit(code ?? 1);
});
