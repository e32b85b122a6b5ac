import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

/**
 * The e2e servers stopped as soon as the last browser file ends, not at the end of the whole run
 * (when Vitest runs the global setups' teardowns): the latency budgets (project `timing`) run after
 * the browser tests and must have the machine to themselves, and the servers' simulators,
 * collectors and derivations kept running through them (docs/testing.md). e2e/global-setup.ts
 * registers the stop in the main process (`registrarDetener`); its teardown stops them again (a
 * no-op).
 */
const DETENER = Symbol.for('planta.e2e.detenerServidores');

type ConDetener = { [DETENER]?: () => Promise<unknown> };

/** Called by e2e/global-setup.ts (the main process): how to stop the servers it started. */
export function registrarDetener(detener: () => Promise<unknown>): void {
  (globalThis as ConDetener)[DETENER] = detener;
}

export default class DetenerServidoresE2E implements Reporter {
  private pendientes = 0;

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.pendientes = specifications.filter((s) => s.project.name === 'e2e').length;
  }

  async onTestModuleEnd(testModule: TestModule): Promise<void> {
    if (testModule.project.name !== 'e2e' || --this.pendientes > 0) return;
    await (globalThis as ConDetener)[DETENER]?.();
  }
}
