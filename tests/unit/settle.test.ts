// The write-back settle: lib.sh's vb_settle in each shell the scripts run in, its report in
// the result's params, the engine's method clause and warning, and how the faces show the warning.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProgressPrinter } from '../../electron/cli/progress.js';
import { runTable } from '../../electron/cli/summary.js';
import { runToMarkdown } from '../../electron/engine/report/markdown.js';
import type { BenchEvent, TestError } from '../../electron/contract/contract.js';
import { parseEvent } from '../../electron/engine/transports/ndjson.js';
import { settleMethod, settleReport, settleWarning } from '../../electron/engine/bench/settle.js';
import { StepCollector } from '../../electron/engine/bench/step-collector.js';
import { NOT_SETTLED, targetStatus } from '../../electron/contract/run-status.js';
import { runFileSchema } from '../../electron/engine/store/run-schema.js';
import { makeRun, result } from '../helpers/make-run.js';

const LIB = readFileSync(join(import.meta.dirname, '..', '..', 'bench-scripts', 'lib.sh'), 'utf8');
const SHELLS = [['dash'], ['busybox', 'ash'], ['bash', '--posix']].filter((s) => spawnSync(s[0], ['-c', 'true']).status === 0);

/** lib.sh, then a settle and a result event, in a shell, as the engine sends scripts. */
function settleIn(shell: string[], extra: string[] = []): { events: BenchEvent[]; stderr: string } {
  const body = `${LIB}\nvb_init seq-write "$@"\nvb_settle\nvb_result sh '' 'm' '{"a":1}' 'c'\nvb_finish\n`;
  const r = spawnSync(shell[0], [...shell.slice(1), '-s', '--', '--dir', '/', ...extra], { input: body, encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  const events = r.stdout
    .trim()
    .split('\n')
    .map((l) => {
      const p = parseEvent(l);
      if (!p.ok) throw new Error(`not an event: ${l}`);
      return p.event;
    });
  return { events, stderr: r.stderr };
}

describe('vb_settle in lib.sh', () => {
  it.each(SHELLS.map((s) => [s.join(' '), s]))('%s: reports time, verdict, limits and Dirty+Writeback in the result params', (_name, shell) => {
    const { events, stderr } = settleIn(shell as string[], ['--settle-s', '7', '--settle-kib', '2048']);
    const res = events.find((e) => e.event === 'result') as Extract<BenchEvent, { event: 'result' }>;
    expect(res.params).toMatchObject({
      a: 1,
      settleMs: expect.any(Number),
      settled: expect.any(Boolean),
      settleLimitS: 7,
      settleLimitKiB: 2048,
      settleSync: expect.any(Boolean),
    });
    expect(res.params!.settleLeftKiB).toEqual(expect.any(Number)); // Linux has /proc/meminfo
    expect(settleReport(res.params)).toMatchObject({ limitS: 7, settled: res.params!.settled });
    expect(stderr).toMatch(/vmbench\[seq-write\]: write-back (settled in \d+ ms|did not settle within 7 s)/);
    expect(events.at(-1)).toEqual({ event: 'end' });
  });

  it('refuses a zero time-out like any other bad number', () => {
    const r = spawnSync('sh', ['-s', '--', '--dir', '/', '--settle-s', '0'], { input: `${LIB}\nvb_init settle-check "$@"\n`, encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/"code":"usage".*--settle-s must be greater than 0/);
  });
});

describe('the engine: method clause and warning', () => {
  const settled = { settleMs: 420, settled: true, settleLimitS: 30, settleSync: true, settleLeftKiB: 512 };
  const stuck = { settleMs: 30050, settled: false, settleLimitS: 30, settleSync: false, settleLeftKiB: 32768 };
  const noMeminfo = { settleMs: 80, settled: true, settleLimitS: 30, settleSync: true };

  it('reads a report only when the script made one', () => {
    expect(settleReport(undefined)).toBeUndefined();
    expect(settleReport({ sizeMiB: 64 })).toBeUndefined();
    expect(settleReport({ settleMs: 'x', settled: true })).toBeUndefined();
    expect(settleReport(settled)).toEqual({ ms: 420, settled: true, limitS: 30, leftKiB: 512, sync: true });
  });

  it('says how long it took, that it did not settle, or that /proc/meminfo was not there', () => {
    expect(settleMethod(settleReport(settled)!)).toBe('write-back settled in 0.4 s before the first trial (sync, then Dirty+Writeback 0.5 MiB)');
    expect(settleMethod(settleReport(stuck)!)).toBe(
      'write-back did not settle within 30 s before the first trial (Dirty+Writeback still 32.0 MiB, sync still running): the numbers may be low',
    );
    expect(settleMethod(settleReport(noMeminfo)!)).toBe('write-back not measurable here (no /proc/meminfo): sync returned in 0.1 s before the first trial');
    expect(settleWarning('seq-read', 'shared', settleReport(settled)!)).toBeUndefined();
    expect(settleWarning('seq-read', 'shared', settleReport(stuck)!)).toMatchObject({
      code: NOT_SETTLED,
      ref: { key: 'errors.notSettled', params: { s: 30, mib: '32.0' } },
    });
  });

  it('a step collector appends the clause to the script method and adds a warning that is not a failure', () => {
    const c = new StepCollector('rand-read', 'guest', () => undefined);
    c.onEvent({ event: 'sample', test: 'rand-read', trial: 1, metric: 'read_iops', value: 100 });
    c.onEvent({
      event: 'result',
      test: 'rand-read',
      tool: { name: 'fio', version: '3.33' },
      method: 'fio rw=randread',
      params: { sizeMiB: 8, ...stuck },
      command: 'fio',
    });
    c.onEvent({ event: 'end' });
    const { result: r, errors } = c.finish({ exitCode: 0, cancelled: false, timedOut: false });
    expect(r!.tool.method).toBe(
      'fio rw=randread; write-back did not settle within 30 s before the first trial (Dirty+Writeback still 32.0 MiB, sync still running): the numbers may be low',
    );
    expect(errors.map((e) => e.code)).toEqual([NOT_SETTLED]);
    expect(targetStatus({ results: [r!], errors })).toBe('ok');
  });
});

describe('the warning in the faces', () => {
  const warning = settleWarning(
    'seq-write',
    'native',
    settleReport({ settleMs: 30000, settled: false, settleLimitS: 30, settleSync: true, settleLeftKiB: 10240 })!,
  ) as TestError;
  const run = makeRun('2026-11-26T10-00-00-local', '2026-11-26T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);
  run.targets[0].errors = [warning];

  it('survives storing (the run file schema keeps its catalogue reference)', () => {
    const parsed = runFileSchema.parse(JSON.parse(JSON.stringify(run)));
    expect(parsed.targets[0].errors[0].ref).toEqual({ key: 'errors.notSettled', params: { s: 30, mib: '10.0' } });
  });

  it('the CLI summary shows it in English and in Japanese', () => {
    expect(runTable(run, 'en')).toContain(
      'writeback-not-settled: Write-back did not settle within 30 s before the first trial (Dirty+Writeback still 10.0 MiB)',
    );
    const ja = runTable(run, 'ja');
    expect(ja).toContain('writeback-not-settled: 最初の試行の前に 30 秒待ってもライトバックが落ち着きませんでした (Dirty+Writeback がまだ 10.0 MiB)');
    expect(ja).not.toContain('Write-back did not settle');
  });

  it("the CLI progress shows it as a warning in the reader's language, not as a failed step", () => {
    for (const lang of ['en', 'ja'] as const) {
      const chunks: string[] = [];
      const print = createProgressPrinter({ isTTY: false, write: (s: string) => chunks.push(s) } as unknown as NodeJS.WriteStream, lang);
      print({ jobId: 'j', seq: 1, type: 'test-error', target: 'local', error: warning });
      const text = chunks.join('');
      expect(text).toMatch(/^ {2}local .* seq-write: /);
      expect(text).not.toContain('✗');
      expect(text).toContain(lang === 'en' ? 'warning: Write-back did not settle within 30 s' : '警告: 最初の試行の前に 30 秒待っても');
    }
  });

  it("the Markdown export shows it in the export's language", () => {
    expect(runToMarkdown(run, undefined, 'en')).toContain('writeback-not-settled — Write-back did not settle within 30 s');
    expect(runToMarkdown(run, undefined, 'ja')).toContain('writeback-not-settled — 最初の試行の前に 30 秒待っても');
  });
});
