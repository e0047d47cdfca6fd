// Verdicts on a change made by construction in a libvirt guest (docs/testing.md, "Making a
// real change by construction"): quick rand-read through the product's libvirt guest-agent transport
// on the VM stream's shared test guest without a 9p share (scripts/shared-test-guest.mjs: advice-view's live
// run reads the same one; booted here when this file runs alone), once as it is (A) and once with QEMU's own
// throttle on the guest disk, `virsh blkdeviotune DOMAIN vda --total-iops-sec 100 --live` (B), lifted
// again afterwards. Under TCG the guest reads ~1,300 IOPS, so 100 is a clear change. `vmbench compare
// A B --json` must call the guest place's read_iops worse with an interval wholly below 1×, and B→A
// better with one wholly above. The guest has no 9p share, so a run measures only the guest disk (a
// shared place would be 9p, not the throttled disk; the transport's shared folder is libvirt-transport's).
// The throttle is lifted again before the next file; if it cannot be, the shared guest is stopped.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareRow, Comparison, Envelope, JobEvent, Run } from '../../electron/contract/contract.js';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { virsh } from '../../scripts/libvirt-test-guest.mjs';
import { sharedGuest, stopSharedGuest, type SharedGuest } from '../../scripts/shared-test-guest.mjs';

const repo = resolve(import.meta.dirname, '..', '..');
const URI = 'qemu:///system';
let domain = '';
let target = '';
const DISK = 'vda';
const IOPS = 100;
const home = mkdtempSync(join(repo, '.vmbench-tmp-throttle-'));
const log = (s: string): void => void process.stdout.write(`[throttle-libvirt] ${s}\n`);
const savedUri = process.env.VMBENCH_LIBVIRT_URI;
let guest: SharedGuest | undefined;
let engine: Engine;
const events: JobEvent[] = [];

async function call<T>(channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.value;
}

/** Sets QEMU's total IOPS limit of the guest disk (0 lifts it); returns what libvirt reports back. */
function throttleDisk(iops: number): string {
  virsh(URI, ['blkdeviotune', '--domain', domain, '--device', DISK, '--total-iops-sec', String(iops), '--live']);
  const now = virsh(URI, ['blkdeviotune', '--domain', domain, '--device', DISK]);
  return /total_iops_sec\s*:\s*(\d+)/.exec(now)?.[1] ?? now;
}

/** A quick rand-read run of the guest through the engine; returns the stored run. */
async function randRead(): Promise<Run> {
  const { jobId } = await call<{ jobId: string }>('run.start', { suite: 'quick', targets: [target], tests: ['rand-read'] });
  await engine.waitForJob(jobId);
  const finished = events.find((e) => e.jobId === jobId && e.type === 'job-finished') as Extract<JobEvent, { type: 'job-finished' }>;
  expect(finished.status, finished.message).toBe('completed');
  const run = await call<Run>('runs.get', finished.runId!);
  expect(run.targets[0].errors).toEqual([]);
  expect(run.targets[0].results.map((r) => `${r.place}/${r.test}`)).toEqual(['guest/rand-read']);
  return run;
}

function compare(a: string, b: string): Comparison {
  const r = spawnSync(process.execPath, [join(repo, 'bin', 'vmbench.js'), 'compare', a, b, '--data-dir', home, '--json'], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Comparison;
}

const guestRow = (cmp: Comparison, metric: string): CompareRow => {
  const row = cmp.rows.find((r) => r.place === 'guest' && r.test === 'rand-read' && r.metric === metric);
  expect(row, `guest rand-read ${metric}`).toBeDefined();
  log(`${metric}: ${row!.a} -> ${row!.b} ${row!.ratio?.toFixed(3)}x [${row!.ci?.map((x) => x.toFixed(3)).join('-')}] ${row!.verdict}`);
  return row!;
};

beforeAll(async () => {
  execFileSync('sh', [join(repo, 'scripts', 'setup-live.sh')], { stdio: ['ignore', 'inherit', 'inherit'], timeout: 900_000 });
  guest = await sharedGuest({ uri: URI, withShare: false, log });
  domain = guest.name;
  target = `libvirt:${domain}`;
  process.env.VMBENCH_LIBVIRT_URI = URI;
  engine = createEngine({ dataDir: home, mode: 'cli' });
  engine.subscribe((ev) => events.push(ev));
}, 1_800_000);

afterAll(async () => {
  await engine?.close();
  if (guest) {
    try {
      expect(throttleDisk(0)).toBe('0');
    } catch {
      // Still throttled or gone: the next file must not read a throttled disk.
      await stopSharedGuest({ log });
    }
  }
  if (savedUri === undefined) delete process.env.VMBENCH_LIBVIRT_URI;
  else process.env.VMBENCH_LIBVIRT_URI = savedUri;
  rmSync(home, { recursive: true, force: true });
}, 180_000);

describe('QEMU throttle on the libvirt test guest disk (virsh blkdeviotune)', () => {
  it('reads worse with an interval below 1x, and lifted again reads better', async () => {
    expect(throttleDisk(0)).toBe('0');
    const a = await randRead();
    expect(throttleDisk(IOPS)).toBe(String(IOPS));
    let b: Run;
    try {
      b = await randRead();
    } finally {
      expect(throttleDisk(0)).toBe('0');
    }
    // The throttle really bit: QEMU let no more than its limit through (plus a little for the ramp).
    const iopsB = b.targets[0].results.find((r) => r.place === 'guest' && r.test === 'rand-read')!.samples.read_iops;
    log(`guest read_iops trials throttled: ${iopsB.map((x) => x.toFixed(0)).join(', ')}`);
    expect(Math.max(...iopsB)).toBeLessThan(IOPS * 1.2);

    const worse = compare(a.id, b.id);
    for (const metric of ['read_iops', 'read_MBps']) {
      const r = guestRow(worse, metric);
      expect(r.primary).toBe(metric !== 'read_MBps');
      expect(r).toMatchObject(r.primary ? { verdict: 'worse', improved: false, nA: 3, nB: 3 } : { verdict: 'supporting', nA: 3, nB: 3 });
      expect(r.ci![1]).toBeLessThan(1);
    }
    const better = compare(b.id, a.id);
    for (const metric of ['read_iops', 'read_MBps']) {
      const r = guestRow(better, metric);
      expect(r.primary).toBe(metric !== 'read_MBps');
      expect(r).toMatchObject(r.primary ? { verdict: 'better', improved: true, nA: 3, nB: 3 } : { verdict: 'supporting', nA: 3, nB: 3 });
      expect(r.ci![0]).toBeGreaterThan(1);
    }
  }, 1_500_000);
});
