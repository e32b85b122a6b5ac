import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that spend most of their time waiting (seconds in a full run on a 2-core machine,
 * docs/testing.md): on real time (a simulator's minutes, a server killed and started again) or on a
 * backup's helper process, which runs at the lowest CPU priority and so waits for the cores while
 * the other files keep them busy. They hold a worker while the cores have little to do: started
 * early and a few at a time, beside busy files.
 */
export const ESPERAN: readonly string[] = [
  'apps/server/test/paros-reinicio.test.ts', // 140 s
  'apps/server/test/paros-en-vivo.test.ts', // 85 s
  'apps/server/test/respaldo-programado.test.ts', // 15 s alone, 85 s among busy files
  'apps/server/test/collector.test.ts', // 65 s
  'apps/server/test/permisos-archivos.test.ts', // 14 s alone, 40 s among busy files
  'apps/server/test/opc-mapeo.test.ts', // 27 s
  'apps/server/test/collector-outage.test.ts', // 26 s
  'apps/server/test/startup.test.ts', // 25 s
  'apps/server/test/collector-election.test.ts', // 15 s
  // 20 s, but at a shift's start it waits up to 9 minutes for room in the shift: started first, the
  // other workers go on meanwhile (last, it held the browser tests 4 minutes alone).
  'e2e/paros.test.ts',
];

/** The long busy files (≥ 15 s), longest first: started first, as the longest jobs of a schedule. */
export const OCUPADOS: readonly string[] = [
  'apps/plant-sim/src/simulator.test.ts', // 24 s
  'apps/server/test/respaldos.test.ts', // 60 s
  'apps/server/test/fuzz.test.ts', // 50 s
  'apps/server/test/kpi-identities.test.ts', // 27 s
  'apps/server/test/informes.test.ts', // 28 s
  'apps/server/test/security.test.ts', // 21 s
  'apps/server/test/demo-history-memoria.test.ts', // 20 s
  'apps/server/test/sessions-ws.test.ts', // 20 s
  'apps/server/test/metricas.test.ts', // 19 s
  'apps/server/test/alarmas.test.ts', // 18 s
  'apps/server/test/demo-history.test.ts', // 15 s
  'e2e/routes.test.ts', // 55 s
  'e2e/a11y-1440.test.ts', // 55 s
  'e2e/a11y-360.test.ts', // 40 s
  'e2e/config-lineas.test.ts', // 35 s
  'e2e/config-mttr-mttf.test.ts', // 35 s
  'e2e/config-zero-waste.test.ts', // 33 s
  'e2e/config-variables.test.ts', // 28 s
  'e2e/date-control.test.ts', // 25 s
  'e2e/config-notificaciones.test.ts', // 24 s
  'e2e/obz-reinicio.test.ts', // 22 s, its own server started twice
  'e2e/auth.test.ts', // 22 s
  'e2e/sin-saltos.test.ts', // 17 s
  'e2e/historia-demo.test.ts', // 15 s, its own server with demo history
];

/** Of a project's files, the waiting ones in the first half of its queue. */
const TRAMO_DE_ESPERAS = 0.5;

const ruta = (spec: TestSpecification): string =>
  spec.moduleId.slice(spec.project.config.root.length).replace(/^\/+/, '');

const enOrden = (lista: readonly string[], specs: TestSpecification[]) =>
  specs
    .filter((s) => lista.includes(ruta(s)))
    .sort((a, b) => lista.indexOf(ruta(a)) - lista.indexOf(ruta(b)));

/**
 * One project's queue: its long busy files first, then the rest in Vitest's order; the waiting
 * files spread over the first half (two at the head, the others evenly after), so at most about
 * two workers wait at a time while the others keep both cores busy.
 */
export function ordenar(specs: TestSpecification[]): TestSpecification[] {
  const esperan = enOrden(ESPERAN, specs);
  const ocupados = [
    ...enOrden(OCUPADOS, specs),
    ...specs.filter((s) => !ESPERAN.includes(ruta(s)) && !OCUPADOS.includes(ruta(s))),
  ];
  if (esperan.length === 0) return ocupados;
  const cabeza = esperan.splice(0, 2);
  const paso = Math.max(1, Math.floor((ocupados.length * TRAMO_DE_ESPERAS) / (esperan.length + 1)));
  const cola: TestSpecification[] = [...cabeza];
  ocupados.forEach((spec, i) => {
    cola.push(spec);
    if ((i + 1) % paso === 0 && esperan.length > 0) cola.push(esperan.shift()!);
  });
  return [...cola, ...esperan];
}

/**
 * Vitest's order (group, project, then the durations of the last run when its cache has them, else
 * the larger files first), each project's queue then laid out by {@link ordenar}: a fresh clone (CI)
 * has no cache, and a long file started last kept the run waiting for it alone (paros-reinicio,
 * 140 s, began at 209 s of a 376 s server phase; the two accessibility files were the browser
 * tests' last).
 */
export default class Secuenciador extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const tramos: TestSpecification[][] = [];
    for (const spec of await super.sort(files)) {
      const ultimo = tramos.at(-1);
      if (ultimo && ultimo[0]!.project === spec.project) ultimo.push(spec);
      else tramos.push([spec]);
    }
    return tramos.flatMap(ordenar);
  }
}
