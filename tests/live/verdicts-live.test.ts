// Verdicts on real measurements: the same small-files test with the data folder on a disk and on a
// tmpfs (/dev/shm) is a real change that the statistics must call, with an interval that excludes 1×;
// the CLI's compare prints the same labels, intervals and summary line as the UI. File creates (timed
// with the flush of the folder's file system) differ by more than 10× between the two here; seq-write
// did not do for this: on this machine's virtual disk it was once only 1.15× [0.93-1.44] slower.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Comparison, Run } from '../../electron/contract.js';
import { realDiskDir } from '../helpers/run-script.js';

const repo = resolve(import.meta.dirname, '..', '..');
const TMPFS = 0x01021994;
const disk = realDiskDir('vmbench-verdict-disk-');
const shm = mkdtempSync('/dev/shm/vmbench-verdict-');

afterAll(() => {
  rmSync(disk, { recursive: true, force: true });
  rmSync(shm, { recursive: true, force: true });
});

function cli(home: string, args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(repo, 'bin', 'vmbench.js'), ...args], { env: { ...process.env, VMBENCH_HOME: home }, encoding: 'utf8', timeout: 300_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function runSmallFiles(home: string): Run {
  const file = join(home, 'run.json');
  const r = cli(home, ['run', '--suite', 'quick', '--tests', 'small-files', '--json', file]);
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/local: ok/);
  return JSON.parse(spawnSync('cat', [file], { encoding: 'utf8' }).stdout) as Run;
}

describe('verdicts on real runs', () => {
  it('calls file creates on a tmpfs data folder better than on a disk, with an interval that excludes 1×', () => {
    expect(statfsSync(shm).type).toBe(TMPFS);
    expect(statfsSync(disk).type).not.toBe(TMPFS);
    const onDisk = runSmallFiles(disk);
    const onTmpfs = runSmallFiles(shm);
    // Both runs in one history, so that `vmbench compare` can read them.
    copyFileSync(join(shm, 'runs', `${onTmpfs.id}.json`), join(disk, 'runs', `${onTmpfs.id}.json`));
    const json = cli(disk, ['compare', onDisk.id, onTmpfs.id, '--json']);
    expect(json.status, json.stderr).toBe(0);
    const cmp = JSON.parse(json.stdout) as Comparison;
    const row = cmp.rows.find((r) => r.test === 'small-files' && r.metric === 'create_per_s')!;
    process.stdout.write(`[verdicts] small-files create disk ${row.a} files/s -> tmpfs ${row.b} files/s: ${row.ratio?.toFixed(2)}x [${row.ci?.map((x) => x.toFixed(2)).join('-')}] ${row.verdict}\n`);
    expect(row).toMatchObject({ verdict: 'better', improved: true, nA: 3, nB: 3 });
    expect(row.ci![0]).toBeGreaterThan(1);
    expect(cmp.method).toMatchObject({ name: 'welch-log-ratio', alpha: 0.05, minEffect: 0.05 });
    expect(cmp.summary.better).toBeGreaterThanOrEqual(1);

    const text = cli(disk, ['compare', onDisk.id, onTmpfs.id]);
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(cmp.summary.line);
    expect(text.stdout).toMatch(/create_per_s .* \d+\.\d+× \[\d+\.\d+–\d+\.\d+\] +3\/3 +better/);
    expect(text.stdout).toMatch(/method: .*Welch's t-test/);
  }, 600_000);
});
