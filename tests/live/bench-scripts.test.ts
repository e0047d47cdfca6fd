// The bench scripts for real: real fio, real processes, a real disk, run exactly as the engine
// runs them (lib.sh + <test>.sh on stdin of `sh -s -- ARGS`, own process group), in dash
// (/bin/sh), BusyBox ash with only BusyBox's applets on PATH, and bash --posix.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statfsSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchEvent, TestId } from '../../electron/contract/contract.js';
import { fioSamples } from '../../electron/engine/bench/fio.js';
import { mountAt, parseMounts } from '../../electron/engine/guest/mounts.js';
import { summarize } from '../../electron/measurement/trial-stats.js';
import { ofKind, processesMentioning, realDiskDir, runScript, type RunOptions, type ScriptRun } from '../helpers/run-script.js';

const FIO_VERSION = execFileSync('fio', ['--version'], { encoding: 'utf8' }).trim().replace(/^fio-/, '');
const SMALL: Record<string, string[]> = {
  'seq-write': ['--size-mib', '32', '--bs-kib', '1024'],
  'seq-read': ['--size-mib', '32', '--bs-kib', '1024'],
  'rand-read': ['--size-mib', '32', '--runtime-s', '1', '--ramp-s', '1', '--iodepth', '32', '--bs-kib', '4'],
  'small-files': ['--files', '300', '--size-bytes', '4096'],
};
const PSEUDO_FS = ['proc', 'sysfs', 'cgroup', 'cgroup2', 'devpts', 'mqueue', 'debugfs', 'securityfs'];

let root: string;
let bbBin: string; // every BusyBox applet + fio
let bbNoFio: string; // every BusyBox applet, no fio
beforeAll(() => {
  root = realDiskDir('vmbench-scripts-');
  const bin = mkdtempSync(join(os.tmpdir(), 'vmbench-busybox-'));
  bbBin = join(bin, 'with-fio');
  bbNoFio = join(bin, 'no-fio');
  const applets = execFileSync(which('busybox'), ['--list'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  for (const d of [bbBin, bbNoFio]) {
    mkdirSync(d);
    for (const a of applets) symlinkSync('/usr/bin/busybox', join(d, a));
  }
  symlinkSync(which('fio'), join(bbBin, 'fio'));
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(join(bbBin, '..'), { recursive: true, force: true });
});

/** A shell to run the scripts in, with its environment. */
interface Shell {
  name: string;
  cmd: string[];
  env: NodeJS.ProcessEnv;
  noFioEnv: NodeJS.ProcessEnv;
}
const which = (cmd: string): string => execFileSync('sh', ['-c', 'command -v "$1"', 'sh', cmd], { encoding: 'utf8' }).trim();
const SHELLS: Record<string, () => Shell> = {
  dash: () => ({ name: 'dash', cmd: ['/bin/sh'], env: process.env, noFioEnv: { PATH: bbNoFio } }),
  'busybox ash': () => ({ name: 'busybox ash', cmd: [which('busybox'), 'sh'], env: { PATH: bbBin }, noFioEnv: { PATH: bbNoFio } }),
  'bash --posix': () => ({ name: 'bash --posix', cmd: [which('bash'), '--posix'], env: process.env, noFioEnv: { PATH: bbNoFio } }),
};

function freshDir(): string {
  return mkdtempSync(join(root, 't-'));
}
async function run(shell: Shell, name: string, dir: string, extra: string[], opts: RunOptions = {}): Promise<ScriptRun> {
  return runScript(name, ['--dir', dir, ...extra], { shell: shell.cmd, env: shell.env, ...opts });
}
/** Every line an event, start first, one end last, nothing left behind. */
function expectClean(r: ScriptRun, dir: string, test?: TestId): void {
  expect(r.bad, r.stderr).toEqual([]);
  if (test) expect(r.events[0]).toMatchObject({ event: 'start', test, target: dir });
  expect(r.events.at(-1)).toEqual({ event: 'end' });
  expect(ofKind(r.events, 'end')).toHaveLength(1);
  expect(readdirSync(dir)).toEqual([]);
  expect(processesMentioning(dir)).toEqual([]);
}
function expectTrials(r: ScriptRun, test: TestId, trials: number): void {
  expect(ofKind(r.events, 'progress')).toEqual(Array.from({ length: trials }, (_, i) => ({ event: 'progress', test, done: i + 1, total: trials })));
}
/** The measured trials' fio values by metric (trial 0, seq-write's warm-up pass sent as a provisional first number, is not a trial). */
function fioValues(r: ScriptRun, test: TestId): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const ev of ofKind(r.events, 'tool-output')) {
    expect(ev).toMatchObject({ test, tool: 'fio', format: 'json' });
    if (ev.trial === 0) continue;
    for (const s of fioSamples(test, ev.data)) (out[s.metric] ??= []).push(s.value);
  }
  return out;
}
function samples(r: ScriptRun): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const s of ofKind(r.events, 'sample')) (out[s.metric] ??= []).push(s.value);
  return out;
}
const result = (r: ScriptRun): Extract<BenchEvent, { event: 'result' }> => {
  const found = ofKind(r.events, 'result');
  expect(found, r.stderr).toHaveLength(1);
  return found[0];
};

describe.each(Object.keys(SHELLS))('bench scripts in %s', (shellName) => {
  let sh: Shell;
  beforeAll(() => void (sh = SHELLS[shellName]()));
  const trials = 3;

  it('probe describes the machine and the test directory', async () => {
    const dir = freshDir();
    const r = await run(sh, 'probe', dir, []);
    expectClean(r, dir);
    expect(r.code).toBe(0);
    const [p] = ofKind(r.events, 'probe');
    expect(p.os).toMatch(/^Linux /);
    expect(p.kernel).toBe(os.release());
    expect(p.arch).toBe(os.machine());
    expect(p.cpus).toBe(Number(execFileSync('nproc', { encoding: 'utf8' })));
    expect(p.memMiB! / (os.totalmem() / 1048576)).toBeCloseTo(1, 1);
    const fs = statfsSync(dir);
    const free = (fs.bavail * fs.bsize) / 1048576; // others may write meanwhile: within 5%
    expect(Math.abs(p.freeMiB! - free)).toBeLessThan(Math.max(512, free * 0.05));
    const mine = parseMounts(readFileSync('/proc/mounts', 'utf8'));
    expect(p.dirFsType).toBe(mountAt(mine, realpathSync(dir))!.fstype);
    expect(p.tools).toEqual(expect.objectContaining({ fio: FIO_VERSION }));
    expect(Object.keys(p.tools!).sort()).toEqual(['fio', 'iperf3', 'nginx', 'redis-benchmark', 'wrk']);
    expect(p.mounts).toContainEqual({ path: '/', fstype: mine.find((m) => m.path === '/')!.fstype });
    expect(p.mounts!.filter((m) => PSEUDO_FS.includes(m.fstype) || /^\/(proc|sys)(\/|$)/.test(m.path))).toEqual([]);
  });

  it.each(['seq-write', 'seq-read'] as const)('%s with fio: warm-up, one fio JSON per trial, the command and method', async (test) => {
    const dir = freshDir();
    const r = await run(sh, test, dir, ['--trials', String(trials), ...SMALL[test]]);
    expectClean(r, dir, test);
    expect(r.code).toBe(0);
    expectTrials(r, test, trials);
    const warm = r.events.findIndex((e) => e.event === 'warmup');
    expect(warm).toBeGreaterThan(0);
    expect(warm).toBeLessThan(r.events.findIndex((e) => e.event === 'tool-output'));
    expect(ofKind(r.events, 'sample')).toEqual([]);
    const metric = test === 'seq-write' ? 'write_MBps' : 'read_MBps';
    // seq-write sends its warm-up pass as trial 0, right after the warmup event (the run's first number); seq-read does not.
    const outputs = ofKind(r.events, 'tool-output');
    expect(outputs.map((e) => e.trial)).toEqual([...(test === 'seq-write' ? [0] : []), ...Array.from({ length: trials }, (_, i) => i + 1)]);
    const values = fioValues(r, test)[metric];
    expect(values).toHaveLength(trials);
    for (const v of values) expect(v).toBeGreaterThan(1);
    const res = result(r);
    expect(res.tool).toEqual({ name: 'fio', version: FIO_VERSION });
    expect(res.method).toContain('direct=1');
    if (test === 'seq-write') expect(res.method).toContain('end_fsync=1');
    expect(res.command).toMatch(new RegExp(`^fio --name=${test} --thread --filename=${dir}/\\.vmbench-\\d+-\\d+/`));
    expect(res.params).toMatchObject({ sizeMiB: 32, trials, direct: true });
  });

  it('rand-read with fio: IOPS, MB/s and ordered clat percentiles per trial', async () => {
    const dir = freshDir();
    const r = await run(sh, 'rand-read', dir, ['--trials', '2', ...SMALL['rand-read']]);
    expectClean(r, dir, 'rand-read');
    expect(r.code).toBe(0);
    expectTrials(r, 'rand-read', 2);
    const v = fioValues(r, 'rand-read');
    expect(v.read_iops).toHaveLength(2);
    for (let i = 0; i < 2; i++) {
      expect(v.read_iops[i]).toBeGreaterThan(100);
      expect(v.read_MBps[i]).toBeCloseTo((v.read_iops[i] * 4096) / 1e6, 0);
      expect(v.clat_p50_us[i]).toBeGreaterThan(0);
      expect(v.clat_p99_us[i]).toBeGreaterThanOrEqual(v.clat_p95_us[i]);
      expect(v.clat_p95_us[i]).toBeGreaterThanOrEqual(v.clat_p50_us[i]);
    }
    const res = result(r);
    expect(res.method).toMatch(/ioengine=libaio iodepth=32 direct=1/);
    expect(res.command).toContain('--ramp_time=1');
  });

  it('small-files: four rates per trial and their medians', async () => {
    const dir = freshDir();
    const r = await run(sh, 'small-files', dir, ['--trials', String(trials), ...SMALL['small-files']]);
    expectClean(r, dir, 'small-files');
    expect(r.code).toBe(0);
    expectTrials(r, 'small-files', trials);
    const s = samples(r);
    expect(Object.keys(s).sort()).toEqual(['create_per_s', 'delete_per_s', 'read_per_s', 'stat_per_s']);
    const res = result(r);
    for (const [metric, values] of Object.entries(s)) {
      expect(values).toHaveLength(trials);
      for (const x of values) expect(x).toBeGreaterThan(10);
      expect(res.metrics![metric].median).toBeCloseTo(summarize(values).median, 2);
    }
    expect(res.tool).toEqual({ name: 'sh', version: null });
    expect(res.method).toMatch(/sync/);
    expect(res.method).toMatch(sh.name === 'busybox ash' ? /one dd process per file/ : /split -b 4096/);
  });

  it.each(['seq-write', 'seq-read'] as const)('%s without fio falls back to dd and says so', async (test) => {
    const dir = freshDir();
    const forced = await run(sh, test, dir, ['--trials', String(trials), '--tool', 'fallback', ...SMALL[test]]);
    const absent = await run(sh, test, dir, ['--trials', '2', ...SMALL[test]], { env: sh.noFioEnv });
    for (const r of [forced, absent]) {
      expectClean(r, dir, test);
      expect(r.code).toBe(0);
      expect(ofKind(r.events, 'tool-output')).toEqual([]);
      const metric = test === 'seq-write' ? 'write_MBps' : 'read_MBps';
      const values = samples(r)[metric];
      for (const v of values) expect(v).toBeGreaterThan(1);
      const res = result(r);
      expect(res.tool?.name).toBe('dd');
      expect(res.method).toMatch(/fio not found/);
      expect(res.method).toMatch(test === 'seq-write' ? /conv=fsync/ : /iflag=direct/);
      expect(res.metrics![metric]).toEqual({ ...summarize(values), median: expect.closeTo(summarize(values).median, 2) });
    }
    expect(samples(forced)[test === 'seq-write' ? 'write_MBps' : 'read_MBps']).toHaveLength(trials);
  });

  it("works in a directory named with spaces, a colon and a quote (fio splits --filename at ':')", async () => {
    const dir = join(freshDir(), "it's a b:c");
    mkdirSync(dir);
    for (const test of ['seq-read', 'small-files'] as const) {
      const r = await run(sh, test, dir, ['--trials', '1', ...SMALL[test]]);
      expectClean(r, dir, test);
      expect(r.code).toBe(0);
      if (test === 'seq-read') {
        expect(fioValues(r, test).read_MBps[0]).toBeGreaterThan(1);
        expect(result(r).command).toContain(`'--filename=${dir.replace(/'/g, "'\\''").replace(':', '\\:')}/.vmbench-`);
      }
    }
  });

  it('rand-read has no fallback: tool-missing, with what to install', async () => {
    const dir = freshDir();
    for (const opts of [
      { extra: ['--tool', 'fallback'], env: sh.env },
      { extra: [], env: sh.noFioEnv },
    ]) {
      const r = await run(sh, 'rand-read', dir, [...opts.extra, ...SMALL['rand-read']], { env: opts.env });
      expectClean(r, dir, 'rand-read');
      expect(r.code).toBe(4);
      expect(r.events.map((e) => e.event)).toEqual(['start', 'error', 'end']);
      expect(ofKind(r.events, 'error')[0]).toMatchObject({ test: 'rand-read', code: 'tool-missing', message: expect.stringMatching(/install fio/) });
    }
  });

  it('refuses to start without enough free space, writing nothing', async () => {
    const dir = freshDir();
    const big = await run(sh, 'seq-write', dir, ['--size-mib', '900000000']);
    const many = await run(sh, 'small-files', dir, ['--files', '900000000', '--size-bytes', '1048576']);
    for (const r of [big, many]) {
      expectClean(r, dir);
      expect(r.code).toBe(3);
      expect(r.events.map((e) => e.event)).toEqual(['start', 'error', 'end']);
      const err = ofKind(r.events, 'error')[0];
      expect(err.code).toBe('no-space');
      expect(err.message).toMatch(/needs about \d+ MiB .* only \d+ MiB is free\. Free up space/);
    }
  });

  it('reports usage errors and a missing directory', async () => {
    const dir = freshDir();
    const bad = await run(sh, 'seq-write', dir, ['--trials', 'three']);
    expect(bad.code).toBe(2);
    expect(bad.events).toEqual([
      { event: 'error', test: 'seq-write', code: 'usage', message: expect.stringMatching(/--trials needs a whole number/) },
      { event: 'end' },
    ]);
    const gone = await run(sh, 'small-files', join(dir, 'missing'), []);
    expect(gone.code).toBe(2);
    expect(ofKind(gone.events, 'error')[0]).toMatchObject({ code: 'bad-dir' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ['rand-read', 'SIGTERM', ['--runtime-s', '60', '--ramp-s', '1', '--size-mib', '64']],
    ['rand-read', 'SIGINT', ['--runtime-s', '60', '--ramp-s', '1', '--size-mib', '64']],
    ['seq-write', 'SIGTERM', ['--tool', 'fallback', '--size-mib', '4096']],
    ['small-files', 'SIGTERM', ['--files', '40000', '--size-bytes', '512', '--trials', '50']],
  ] as const)('%s stops on %s to its process group and leaves nothing', { timeout: 120_000 }, async (test, signal, extra) => {
    const dir = freshDir();
    const r = await run(sh, test, dir, [...extra], { cancel: { signal, when: (e) => e.event === 'start', delayMs: 1000 } });
    expect(r.stopMs).not.toBeNull();
    process.stdout.write(`[bench-scripts] ${test} on ${signal}: ended ${r.stopMs} ms after the signal\n`);
    // The signal ended it (its exit code and its own "cancelled" event), long before its 60 s / 4 GiB / 50 trials of work.
    expect(r.code).toBe(signal === 'SIGTERM' ? 143 : 130);
    expect(ofKind(r.events, 'result')).toEqual([]);
    expect(ofKind(r.events, 'error')).toEqual([{ event: 'error', test, code: 'cancelled', message: expect.stringContaining(signal) }]);
    expectClean(r, dir, test);
  });
});
