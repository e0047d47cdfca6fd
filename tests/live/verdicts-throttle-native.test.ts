// Verdicts on a change made by construction (docs/testing.md, "Making a real change by
// construction"): the same quick rand-read + seq-write on This machine, once as it is (A) and once
// inside a cgroup v1 blkio throttle on the disk under the data folder (B: 200 read IOPS, 20 MB/s of
// writes, against thousands of IOPS and hundreds of MB/s unthrottled). `vmbench compare A B --json`
// must call the throttled metrics worse with an interval wholly below 1×, and B→A better with one
// wholly above. The change is two orders of magnitude, so the test cannot be flaky; it asserts what
// the statistics say about a known change, never how fast this disk is. The CLI's text compare must
// print the same summary line, intervals and words as its JSON.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompareRow, Comparison, Run } from '../../electron/contract/contract.js';
import { type BlkioThrottle, createBlkioThrottle } from '../helpers/blkio-throttle.js';
import { realDiskDir } from '../helpers/run-script.js';

const repo = resolve(import.meta.dirname, '..', '..');
const vmbench = join(repo, 'bin', 'vmbench.js');
const home = realDiskDir('vmbench-throttle-');
const RUN_ARGS = ['run', '--target', 'local', '--suite', 'quick', '--tests', 'rand-read,seq-write', '--data-dir', home];
const READ_IOPS = 200;
const WRITE_BPS = 20 * 1024 * 1024;
let throttle: BlkioThrottle | undefined;

afterAll(() => {
  throttle?.remove();
  rmSync(home, { recursive: true, force: true });
});

function runOf(file: string, r: { status: number | null; stdout: string; stderr: string }): Run {
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.stdout).toMatch(/local: ok/);
  return JSON.parse(readFileSync(file, 'utf8')) as Run;
}

function compare(a: string, b: string): Comparison {
  const r = spawnSync(process.execPath, [vmbench, 'compare', a, b, '--data-dir', home, '--json'], { encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Comparison;
}

const row = (cmp: Comparison, test: string, metric: string): CompareRow => {
  const found = cmp.rows.find((r) => r.test === test && r.metric === metric);
  expect(found, `${test} ${metric} in the comparison`).toBeDefined();
  return found!;
};
const show = (tag: string, r: CompareRow): void => {
  process.stdout.write(
    `[throttle-native] ${tag} ${r.test} ${r.metric}: ${r.a} -> ${r.b} ${r.ratio?.toFixed(3)}x [${r.ci?.map((x) => x.toFixed(3)).join('-')}] ${r.verdict}\n`,
  );
};

describe('a blkio throttle on the disk under the data folder (This machine)', () => {
  it('reads worse with an interval below 1x, and lifted again reads better', () => {
    throttle = createBlkioThrottle(home, { readIops: READ_IOPS, writeBps: WRITE_BPS });
    process.stdout.write(`[throttle-native] ${home} is on ${throttle.disk} (${throttle.device}); cgroup ${throttle.path}\n`);

    const fileA = join(home, 'a.json');
    const a = runOf(fileA, spawnSync(process.execPath, [vmbench, ...RUN_ARGS, '--json', fileA], { encoding: 'utf8', timeout: 600_000 }));
    const fileB = join(home, 'b.json');
    const b = runOf(fileB, throttle.run([process.execPath, vmbench, ...RUN_ARGS, '--json', fileB], { timeoutMs: 600_000 }));
    // The throttle really bit: fio in the cgroup never exceeded its limit (plus a little for the ramp).
    const iopsB = b.targets[0].results.find((r) => r.test === 'rand-read')!.samples.read_iops;
    expect(Math.max(...iopsB)).toBeLessThan(READ_IOPS * 1.2);

    const worse = compare(a.id, b.id);
    for (const [test, metric] of [
      ['rand-read', 'read_iops'],
      ['rand-read', 'read_MBps'],
      ['seq-write', 'write_MBps'],
    ]) {
      const r = row(worse, test, metric);
      show('A->B', r);
      // rand-read's MB/s is shown, not voting (IOPS votes for that fio job); its interval says the same.
      expect(r.primary).toBe(metric !== 'read_MBps');
      expect(r).toMatchObject(r.primary ? { verdict: 'worse', improved: false, nA: 3, nB: 3 } : { verdict: 'supporting', nA: 3, nB: 3 });
      expect(r.ci![1]).toBeLessThan(1);
    }
    expect(worse.summary.worse).toBeGreaterThanOrEqual(2);
    expect(worse.summary.better).toBe(0);

    const better = compare(b.id, a.id);
    for (const [test, metric] of [
      ['rand-read', 'read_iops'],
      ['rand-read', 'read_MBps'],
      ['seq-write', 'write_MBps'],
    ]) {
      const r = row(better, test, metric);
      show('B->A', r);
      // rand-read's MB/s is shown, not voting (IOPS votes for that fio job); its interval says the same.
      expect(r.primary).toBe(metric !== 'read_MBps');
      expect(r).toMatchObject(r.primary ? { verdict: 'better', improved: true, nA: 3, nB: 3 } : { verdict: 'supporting', nA: 3, nB: 3 });
      expect(r.ci![0]).toBeGreaterThan(1);
    }
    expect(better.summary.worse).toBe(0);

    // The CLI's text says the same as its JSON: the summary line, each row's ratio, interval, trials and word, the method.
    const text = spawnSync(process.execPath, [vmbench, 'compare', a.id, b.id, '--data-dir', home], { encoding: 'utf8', timeout: 60_000 });
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain(worse.summary.line);
    // A throttle to a few IOPS is a ratio below 0.01, which electron/presentation/format.ts writes with two significant
    // digits, its bounds too ("0.0023× [0.0021–0.0025]"): the interval never reads [0.00–0.00].
    expect(text.stdout).toMatch(/rand-read +read_iops .* \d+\.\d+× \[\d+\.\d+–\d+\.\d+\] +3\/3 +worse/);
    expect(text.stdout).not.toMatch(/\[0\.0+–0\.0+\]/);
    expect(text.stdout).toMatch(/seq-write +write_MBps .* \d+\.\d+× \[\d+\.\d+–\d+\.\d+\] +3\/3 +worse/);
    expect(text.stdout).toMatch(/method: .*Welch's t-test/);
  }, 900_000);
});
