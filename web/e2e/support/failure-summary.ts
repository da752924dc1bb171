import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints, as the very last lines of a run, each failed test with the first lines of its error.
 * CI keeps only the tail of a long log, and the list reporter prints a failure's error far above
 * it: without this, a red run names the test but not what it saw (a stray console error, which).
 */
export default class FailureSummary implements Reporter {
  private failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus || result.status === 'skipped') return;
    const project = test.parent.project()?.name ?? '';
    // Without the terminal colours of expect's diff.
    const lines = stripVTControlCharacters(result.errors[0]?.message ?? result.status)
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(0, 12);
    this.failures.push([`[${project}] ${test.titlePath().slice(2).join(' › ')}`, ...lines.map((l) => `    ${l}`)].join('\n'));
  }

  onEnd(result: FullResult) {
    if (this.failures.length === 0) return;
    console.log(`\nFailed (${result.status}):\n${this.failures.join('\n')}`);
  }

  printsToStdio() {
    return true;
  }
}
