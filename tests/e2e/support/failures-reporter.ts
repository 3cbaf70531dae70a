import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** ANSI colour codes, which a CI log keeps as noise. */
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
/** Lines of each error kept: the assertion, expected and received, and where it failed. */
const ERROR_LINES = 24;

/**
 * Repeats every failed test's error at the very end of the run. The line reporter prints an
 * error where it happens, half an hour of output before the end; a CI service that keeps only
 * a log's tail would keep the summary's test names and lose why they failed.
 */
export default class FailuresLastReporter implements Reporter {
  readonly #failed: { test: TestCase; result: TestResult }[] = [];

  printsToStdio(): boolean {
    return true;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' && result.status !== 'skipped' && result.status !== test.expectedStatus) {
      this.#failed.push({ test, result });
    }
  }

  onEnd(_result: FullResult): void {
    if (this.#failed.length === 0) return;
    const out: string[] = ['', `Failed (${this.#failed.length}), repeated at the end of the run:`];
    for (const { test, result } of this.#failed) {
      const where = `${test.location.file.replace(/^.*\/tests\//, 'tests/')}:${test.location.line}`;
      out.push('', `✘ [${test.parent.project()?.name ?? ''}] ${where} › ${test.title} (${result.status})`);
      for (const error of result.errors) {
        const text = (error.stack ?? error.message ?? String(error.value ?? '')).replace(ANSI, '');
        out.push(
          ...text
            .split('\n')
            .slice(0, ERROR_LINES)
            .map((line) => `    ${line}`),
        );
      }
    }
    process.stdout.write(`${out.join('\n')}\n`);
  }
}
