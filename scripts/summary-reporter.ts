import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** The ten slowest test files of the run (where the time goes), one per line. */
function slowest(testModules: ReadonlyArray<TestModule>): string {
  const files = testModules
    .map((module) => ({
      file: `${module.project.name} ${module.relativeModuleId}`,
      ms: module.diagnostic().duration,
    }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  if (files.length === 0) return '';
  const width = Math.max(...files.map((f) => (f.ms / 1000).toFixed(1).length));
  return (
    'Los diez archivos más lentos:\n' +
    files.map((f) => `  ${(f.ms / 1000).toFixed(1).padStart(width)} s  ${f.file}`).join('\n') +
    '\n'
  );
}

/**
 * Ends the run with the ten slowest files and one plain line, "N passed, N failed[, N skipped]",
 * counting across every project (domain, server, e2e). A file that fails to load or a failing hook
 * counts as a failure.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let moduleTests = 0;
      for (const test of module.children.allTests()) {
        moduleTests++;
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A failed import or beforeAll hook reports its error on the module or suite, not on a test.
      let errors = module.errors().length;
      for (const suite of module.children.allSuites()) errors += suite.errors().length;
      if (errors > 0 || (moduleTests === 0 && module.state() === 'failed')) failed += Math.max(errors, 1);
    }
    process.stdout.write(`\n${slowest(testModules)}`);
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
