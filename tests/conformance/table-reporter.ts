import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { CONFORMANCE_ATTACHMENT, CONFORMANCE_CASE, type ConformanceRecord } from './record.ts';

interface Row extends ConformanceRecord {
  verdict: string;
  ms: number;
}

/**
 * The conformance table: one row per case and sink, from the record each test attaches (or the
 * skip's reason), printed after the run and written to test-results/conformance.md. In its own
 * reporter (the runner's process) so that a worker restarted after a failure loses no row.
 */
export default class ConformanceTableReporter implements Reporter {
  readonly #rows: Row[] = [];
  #started = Date.now();

  onBegin(): void {
    this.#started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const attachment = result.attachments.find((a) => a.name === CONFORMANCE_ATTACHMENT && a.body);
    const gap = test.annotations.find((a) => a.type === 'fail')?.description;
    const skip = [...test.annotations, ...result.annotations].find((a) => a.type === 'skip')?.description;
    const about = test.annotations.find((a) => a.type === CONFORMANCE_CASE)?.description;
    const { case: id, asked } = about
      ? (JSON.parse(about) as { case: string; asked: string })
      : { case: test.title, asked: '—' };
    const record: ConformanceRecord = attachment
      ? (JSON.parse(attachment.body!.toString('utf8')) as ConformanceRecord)
      : {
          case: id,
          asked,
          sink: null,
          firstFrameMs: null,
          audioBytes: null,
          frames: null,
          outcome: skip ? `skipped: ${skip}` : (result.error?.message?.split('\n')[0] ?? result.status),
        };
    let verdict: string;
    if (result.status === 'skipped') verdict = 'skipped';
    else if (test.expectedStatus === 'failed') {
      verdict = result.status === 'failed' ? `known gap (${gap?.replace(/^known gap: /, '') ?? ''})` : 'FIXED? passes';
    } else verdict = result.status === 'passed' ? 'ok' : `FAILED: ${firstLine(result.error?.message)}`;
    // A case skipped on every sink for one reason is one row.
    const same = this.#rows.find(
      (r) => verdict === 'skipped' && r.verdict === 'skipped' && r.case === record.case && r.outcome === record.outcome,
    );
    if (same) {
      same.asked = `${same.asked}, ${record.asked}`;
      same.ms += result.duration;
    } else this.#rows.push({ ...record, verdict, ms: result.duration });
  }

  onEnd(result: FullResult): void {
    const seconds = Math.round((Date.now() - this.#started) / 1000);
    const header = ['case', 'asked', 'played on', 'first frame', 'audio bytes', 'frames', 'outcome', 'verdict', 'test'];
    const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
    const lines = [
      `# Conformance corpus: ${result.status}, ${this.#rows.length} tests in ${seconds} s`,
      '',
      `| ${header.join(' | ')} |`,
      `| ${header.map(() => '---').join(' | ')} |`,
      ...this.#rows.map(
        (r) =>
          `| ${[
            r.case,
            r.asked,
            r.sink ?? '—',
            r.firstFrameMs === null ? '—' : `${Math.round(r.firstFrameMs)} ms`,
            r.audioBytes === null ? '—' : String(r.audioBytes),
            r.frames === null ? '—' : String(r.frames),
            r.outcome,
            r.verdict,
            `${(r.ms / 1000).toFixed(1)} s`,
          ]
            .map(cell)
            .join(' | ')} |`,
      ),
      '',
    ];
    const text = lines.join('\n');
    const file = path.resolve('test-results', 'conformance.md');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    console.log(`\n${text}\n(written to ${path.relative(process.cwd(), file)})`);
  }

  /** The list or line reporter prints the run; this one only adds the table at the end. */
  printsToStdio(): boolean {
    return false;
  }
}

function firstLine(message: string | undefined): string {
  // Without the terminal's colour codes.
  // eslint-disable-next-line no-control-regex
  return (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n')[0] ?? '';
}
