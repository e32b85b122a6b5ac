import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, "N passed, N failed[, N skipped]", counting across every
 * project (domain, server, e2e). A file that fails to load or a failing hook counts as a failure.
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
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
