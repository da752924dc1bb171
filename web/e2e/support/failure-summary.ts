import { stripVTControlCharacters } from 'node:util';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Prints, as the very last lines of a run, each failed test with the first lines of its error,
 * then one line per failure and the first failure's error once more, then the count.
 * CI keeps only the tail of a long log, and the list reporter prints a failure's error far above
 * it: without this, a red run names the test but not what it saw (a stray console error, which).
 * The first failure comes last because it is the one to read: later ones are often its echo (a
 * test that held the chain lock too long makes the next ones wait).
 */
export default class FailureSummary implements Reporter {
  private failures: { title: string; error: string[]; seconds: number }[] = [];
  private total = 0;

  onTestEnd(test: TestCase, result: TestResult) {
    this.total++;
    if (result.status === test.expectedStatus || result.status === 'skipped') return;
    const project = test.parent.project()?.name ?? '';
    // Without the terminal colours of expect's diff.
    const error = stripVTControlCharacters(result.errors[0]?.message ?? result.status)
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(0, 12);
    this.failures.push({
      title: `[${project}] ${test.titlePath().slice(2).join(' › ')}`,
      error,
      seconds: Math.round(result.duration / 1000),
    });
  }

  onEnd(result: FullResult) {
    if (this.failures.length === 0) return;
    const indent = (lines: string[]) => lines.map((l) => `    ${l}`).join('\n');
    const [first] = this.failures;
    console.log(
      [
        `\nFailed (${result.status}):`,
        ...this.failures.map((f) => `${f.title}\n${indent(f.error)}`),
        `\nFailed tests, in the order they ended (seconds each):`,
        ...this.failures.map((f) => `  ${f.seconds} s  ${f.title}`),
        `\nThe first failure:\n${first.title}\n${indent(first.error.slice(0, 8))}`,
        `\n${this.failures.length} of ${this.total} tests failed in ${Math.round(result.duration / 1000)} s.`,
      ].join('\n'),
    );
  }

  printsToStdio() {
    return true;
  }
}
