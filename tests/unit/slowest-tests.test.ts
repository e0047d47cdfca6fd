// The lanes' "slowest files" (scripts/slowest-tests.mjs) time each file whole, its beforeAll and afterAll
// included (scripts/file-times-reporter.ts): a real vitest runs a fixture whose hooks write when they ran,
// and the file's reported time must cover both hooks. vitest's JSON report alone times the tests only.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedTests, slowestFiles } from '../../scripts/slowest-tests.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURE = join(ROOT, 'tests', 'fixtures', 'file-times');
let out: string;
let report: string;
let marks: Record<string, number>;

/** Runs the fixture through a real vitest with a JSON report at `to`; extra env for the run. */
function runFixture(to: string, env: Record<string, string> = {}) {
  return spawnSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--root',
      FIXTURE,
      '--config',
      join(FIXTURE, 'vitest.config.mjs'),
      '--reporter=json',
      `--reporter=${join(ROOT, 'scripts', 'file-times-reporter.ts')}`,
      `--outputFile.json=${to}`,
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, MARKS: join(out, 'marks'), ...env }, timeout: 120_000 },
  );
}

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'vmbench-file-times-'));
  report = join(out, 'lane.json');
  const r = runFixture(report);
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  marks = Object.fromEntries(
    readFileSync(join(out, 'marks'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => [l.split(' ')[0], Number(l.split(' ')[1])]),
  );
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('each test file timed whole', () => {
  it('the reporter writes <report>.files.json with a span from before beforeAll to after afterAll', () => {
    const { files } = JSON.parse(readFileSync(join(out, 'lane.files.json'), 'utf8')) as {
      files: { file: string; start: number; end: number; state: string }[];
    };
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ file: 'hooked.test.mjs', state: 'passed' });
    expect(files[0].start).toBeLessThanOrEqual(marks.beforeAll);
    expect(files[0].end).toBeGreaterThanOrEqual(marks.afterAll);
    // What the JSON report alone gives starts after beforeAll: the reason for the reporter.
    const json = JSON.parse(readFileSync(report, 'utf8')) as { testResults: { startTime: number }[] };
    expect(json.testResults[0].startTime).toBeGreaterThan(marks.beforeAll);
  });

  it('slowestFiles reports that whole time, and falls back to the tests-only time (marked) without it', () => {
    const [f] = slowestFiles([report]);
    expect(f).toMatchObject({ file: 'hooked.test.mjs', status: 'passed', testsOnly: false });
    expect(f.seconds * 1000).toBeGreaterThanOrEqual(marks.afterAll - marks.beforeAll);
    rmSync(join(out, 'lane.files.json'));
    expect(slowestFiles([report])[0]).toMatchObject({ status: 'passed', testsOnly: true });
  });

  it('failedTests lists each failed test with the first lines of its failure, and nothing for a lane that passed', () => {
    expect(failedTests([report])).toEqual([]);
    const failing = join(out, 'failing.json');
    const r = runFixture(failing, { FAIL_ON_PURPOSE: '1' });
    expect(r.status).not.toBe(0);
    const failed = failedTests([failing]);
    expect(failed).toEqual([expect.objectContaining({ file: expect.stringMatching(/hooked\.test\.mjs$/), title: 'fails on purpose' })]);
    expect(failed[0].message).toMatch(/what it wanted/);
    expect(failed[0].message).not.toMatch(/\x1b\[/); // no colour codes in a CI log
    expect(failed[0].message).not.toMatch(/^\s+at /m); // nor vitest's stack frames
    expect(failed[0].message.split('\n').length).toBeLessThanOrEqual(12);
  }, 120_000);
});
