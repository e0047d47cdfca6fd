// Set-up ahead of time (issue 42, bench/overlap.ts): a target is set up during the first steps only when its set-up shares
// no physical disk with what they measure and the cores of both fit in the cores other work leaves free; else before the
// first measurement, as always.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir, type CpuInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobEvent, PlanStep, TestId } from '../../electron/contract/contract.js';
import { busyCores, mayOverlap, overlapOn, setupsAhead, shareDisk, testCpus } from '../../electron/engine/bench/overlap.js';
import { ANY_DISK, EVERYTHING, NOTHING_HERE, blockDisk, physicalDisk, type Footprint } from '../../electron/engine/util/footprint.js';
import { executeRun } from '../../electron/engine/bench/runner.js';
import type { ResolvedTarget } from '../../electron/engine/bench/resolved-target.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { localTarget } from '../../electron/engine/targets.js';

const disk = (d: string, cpus = 1): Footprint => ({ disks: [d], cpus });

describe('the rule', () => {
  it('overlaps only on another disk, with the cores of both within the machine', () => {
    expect(mayOverlap(disk('8:0'), disk('8:16'), 2)).toBe(true);
    expect(mayOverlap(disk('8:0'), disk('8:0'), 2)).toBe(false);
    expect(mayOverlap({ disks: ['8:0', '8:16'], cpus: 1 }, disk('8:16'), 8)).toBe(false);
    // The cores: one each fits in two, not in one; a test that takes them all leaves none.
    expect(mayOverlap(disk('8:0'), disk('8:16'), 1)).toBe(false);
    expect(mayOverlap(disk('8:0'), disk('8:16', 2), 2)).toBe(false);
  });

  it('takes what cannot say its disk to share one with everything, and what is not here to share none', () => {
    expect(shareDisk(disk(ANY_DISK), disk('8:0'))).toBe(true);
    expect(shareDisk(disk('8:0'), disk(ANY_DISK))).toBe(true);
    expect(mayOverlap(EVERYTHING, disk('8:0'), 64)).toBe(false);
    expect(mayOverlap(NOTHING_HERE, disk(ANY_DISK, 1), 1)).toBe(true);
    expect(mayOverlap(disk('8:0'), NOTHING_HERE, 1)).toBe(true);
  });

  it("counts a disk test's one core, and all cores for the user's command and the network and service tests", () => {
    expect(testCpus('seq-write', 8)).toBe(1);
    expect(testCpus('rand-read', 8)).toBe(1);
    expect(testCpus('command', 8)).toBe(8);
    expect(testCpus('net', 8)).toBe(8);
  });

  it('is on unless VMBENCH_OVERLAP=0', () => {
    expect(overlapOn({})).toBe(true);
    expect(overlapOn({ VMBENCH_OVERLAP: '1' })).toBe(true);
    expect(overlapOn({ VMBENCH_OVERLAP: '0' })).toBe(false);
  });
});

describe('the cores other work keeps busy', () => {
  /** os.cpus() as it reads after the given times (ms) of each core; irq 0. */
  const cpusAt = (...cores: { user: number; nice?: number; sys: number; idle: number }[]): CpuInfo[] =>
    cores.map((t) => ({ model: 'x', speed: 1, times: { nice: 0, irq: 0, ...t } }));

  it('sums each core’s busy share between two samples, in whole cores', async () => {
    const samples = [
      cpusAt({ user: 1000, sys: 0, idle: 5000 }, { user: 0, sys: 0, idle: 9000 }, { user: 10, sys: 10, idle: 100 }),
      // Over the interval: core 0 busy 400 of 500 (0.8), core 1 none of 500, core 2 250 user + 50 nice + 100 sys of 500 (0.8).
      cpusAt({ user: 1400, sys: 0, idle: 5100 }, { user: 0, sys: 0, idle: 9500 }, { user: 260, nice: 50, sys: 110, idle: 200 }),
    ];
    expect(await busyCores(1, () => samples.shift()!)).toBe(2);
  });

  it('is 0 on an idle machine and every core on a saturated one; a core with no time passed counts none', async () => {
    const idle = [cpusAt({ user: 0, sys: 0, idle: 0 }, { user: 0, sys: 0, idle: 0 }), cpusAt({ user: 10, sys: 0, idle: 490 }, { user: 0, sys: 0, idle: 0 })];
    expect(await busyCores(1, () => idle.shift()!)).toBe(0);
    const full = [cpusAt({ user: 0, sys: 0, idle: 0 }, { user: 0, sys: 0, idle: 0 }), cpusAt({ user: 300, sys: 200, idle: 0 }, { user: 500, sys: 0, idle: 0 })];
    expect(await busyCores(1, () => full.shift()!)).toBe(2);
  });

  it('reads this machine (a whole number of cores, at most its count)', async () => {
    const n = await busyCores(50);
    expect(Number.isInteger(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(0);
    expect(n).toBeLessThanOrEqual((await import('node:os')).availableParallelism());
  });
});

describe('the physical disk of a path', () => {
  it.runIf(process.platform === 'linux')('is the whole disk of its block device, from sysfs (a partition gives its disk)', async () => {
    const here = await physicalDisk(import.meta.dirname);
    if (here === ANY_DISK) return; // the checkout on overlay or 9p: no disk to check
    expect(here).toMatch(/^\d+:\d+$/);
    // The disk itself: no partition file, and its dev is the id.
    const name = (await import('node:fs/promises')).readlink(`/sys/dev/block/${here}`);
    const base = (await name).split('/').pop()!;
    expect((await readFile(`/sys/class/block/${base}/dev`, 'utf8')).trim()).toBe(here);
    await expect(readFile(`/sys/class/block/${base}/partition`, 'utf8')).rejects.toThrow();
    // Each partition on this machine gives the disk it is on.
    const { readdir } = await import('node:fs/promises');
    for (const n of await readdir('/sys/class/block')) {
      const part = await readFile(`/sys/class/block/${n}/partition`, 'utf8').catch(() => null);
      if (part === null) continue;
      const dev = (await readFile(`/sys/class/block/${n}/dev`, 'utf8')).trim();
      const parentLink = (await (await import('node:fs/promises')).readlink(`/sys/class/block/${n}`)).split('/');
      const parent = parentLink[parentLink.length - 2];
      expect(await blockDisk(dev)).toBe((await readFile(`/sys/class/block/${parent}/dev`, 'utf8')).trim());
    }
  });

  it('of a folder still to be made is the disk of its nearest existing parent', async () => {
    expect(await physicalDisk(join(import.meta.dirname, 'not-made-yet', 'deeper'))).toBe(await physicalDisk(import.meta.dirname));
  });

  it('is unknown for a path without a block device (tmpfs, /proc) and on another system', async () => {
    if (process.platform === 'linux') expect(await physicalDisk('/proc')).toBe(ANY_DISK);
    expect(await blockDisk('0:0')).toBe(ANY_DISK);
  });
});

const step = (target: string, place: PlanStep['place'], test: TestId = 'seq-write'): PlanStep =>
  ({ target, place, test, trials: 1, estimateSec: 1, headline: true }) as PlanStep;
const on = (setup: Footprint, measured: Footprint) => ({ footprint: async (w: string) => (w === 'setup' ? setup : measured) });

describe('which targets are set up ahead', () => {
  const plan = [step('local', 'native'), step('docker', 'guest'), step('docker', 'volume'), step('vm', 'guest')];

  it('the ones whose set-up may overlap every step before their first; never the first target', async () => {
    const targets = [
      { id: 'local', transport: on(disk('8:0'), disk('8:0', 0)) },
      { id: 'docker', transport: on(disk('8:16'), disk('8:16', 0)) },
      { id: 'vm', transport: on(disk('8:32'), disk('8:32', 0)) },
    ];
    expect([...(await setupsAhead(targets, plan, 4))]).toEqual(['docker', 'vm']);
    // vm's set-up would meet docker's steps on docker's disk: before the first measurement.
    targets[2].transport = on({ disks: ['8:32', '8:16'], cpus: 1 }, disk('8:32', 0));
    expect([...(await setupsAhead(targets, plan, 4))]).toEqual(['docker']);
  });

  it('asks for the free cores once, only when a set-up could overlap by its disks, and sets up none ahead when other work leaves too few', async () => {
    const local = { id: 'local', transport: on(disk('8:0'), disk('8:0', 0)) };
    let asked = 0;
    const free = (n: number) => async (): Promise<number> => {
      asked++;
      return n;
    };
    expect([...(await setupsAhead([local, { id: 'docker', transport: on(disk('8:0'), disk('8:0', 0)) }], plan, free(4)))]).toEqual([]);
    expect(asked).toBe(0);
    const other = { id: 'docker', transport: on(disk('8:16'), disk('8:16', 0)) };
    expect([...(await setupsAhead([local, other], plan, free(2)))]).toEqual(['docker']);
    expect(asked).toBe(1);
    // Two cores, one of them busy with other work: the measured fio job takes the other.
    expect([...(await setupsAhead([local, other], plan, free(1)))]).toEqual([]);
  });

  it('none where a footprint is unknown (no footprint, or it failed), or the cores do not fit', async () => {
    const local = { id: 'local', transport: on(disk('8:0'), disk('8:0', 0)) };
    expect([...(await setupsAhead([local, { id: 'docker', transport: {} }, { id: 'vm', transport: {} }], plan, 4))]).toEqual([]);
    const failing = { footprint: async () => Promise.reject(new Error('no daemon')) };
    expect([...(await setupsAhead([local, { id: 'docker', transport: failing }], plan, 4))]).toEqual([]);
    // One core: the measured fio job takes it.
    expect([...(await setupsAhead([local, { id: 'docker', transport: on(disk('8:16'), disk('8:16', 0)) }], plan, 1))]).toEqual([]);
    // The user's command takes every core.
    expect([
      ...(await setupsAhead(
        [local, { id: 'docker', transport: on(NOTHING_HERE, NOTHING_HERE) }],
        [step('local', 'native', 'command'), step('docker', 'guest', 'command')],
        8,
      )),
    ]).toEqual(['docker']);
    expect([
      ...(await setupsAhead(
        [local, { id: 'docker', transport: on(disk('8:16'), disk('8:16', 0)) }],
        [step('local', 'native', 'command'), step('docker', 'guest', 'command')],
        8,
      )),
    ]).toEqual([]);
  });
});

describe('a run with a target set up ahead (two real local targets; a second disk is what this machine lacks, so its footprint says one)', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  const at = (events: JobEvent[], f: (e: JobEvent) => boolean): number => events.findIndex(f);
  const probeOf = (id: string) => (e: JobEvent) => e.type === 'probe' && e.target === id;
  const progressOf = (id: string) => (e: JobEvent) => e.type === 'progress' && e.target === id;

  /** The run's events until `stopAt` accepts one (then it is cancelled: what is asserted is the order up to there). */
  async function run(otherDisk: string, stopAt: (e: JobEvent) => boolean, env: NodeJS.ProcessEnv = {}, busy = 0): Promise<JobEvent[]> {
    const dir = await mkdtemp(join(tmpdir(), 'vmbench-overlap-'));
    dirs.push(dir);
    const first = await localTarget(join(dir, 'a'));
    const second = await localTarget(join(dir, 'b'));
    const other: ResolvedTarget = { ...second, id: 'other', label: 'other' };
    // The stand-in: each target's scratch folder on a disk of its own name (the transports themselves are the real ones).
    Object.assign(first.transport, { footprint: async (w: string) => ({ disks: ['disk-a'], cpus: w === 'setup' ? 1 : 0 }) });
    Object.assign(other.transport, { footprint: async (w: string) => ({ disks: [otherDisk], cpus: w === 'setup' ? 1 : 0 }) });
    const events: JobEvent[] = [];
    const ac = new AbortController();
    const saved = process.env.VMBENCH_OVERLAP;
    // The default unless the case says otherwise (not the developer's own setting).
    delete process.env.VMBENCH_OVERLAP;
    Object.assign(process.env, env);
    try {
      await executeRun(
        { suite: 'quick', tests: ['seq-write'], headlinesOnly: true },
        (e) => {
          events.push(e as JobEvent);
          if (stopAt(e as JobEvent)) ac.abort();
        },
        ac.signal,
        {
          store: new RunStore(join(dir, 'runs')),
          appVersion: 't',
          resolveTargets: async () => [first, other],
          // Other work on this machine: none, or what the case says (the rule's cores, not this machine's load).
          busyCores: async () => busy,
        },
      );
    } finally {
      if (saved === undefined) delete process.env.VMBENCH_OVERLAP;
      else process.env.VMBENCH_OVERLAP = saved;
    }
    return events;
  }
  it('on another disk: says so, and probes it while the first target is measured', async () => {
    const events = await run('another-disk', probeOf('other'));
    expect(events.some((e) => e.type === 'log' && e.ref?.key === 'log.setupAhead' && JSON.stringify(e.ref).includes('other'))).toBe(true);
    const firstMeasured = at(events, progressOf('local'));
    expect(firstMeasured).toBeGreaterThanOrEqual(0);
    expect(at(events, probeOf('other'))).toBeGreaterThan(firstMeasured);
    expect(at(events, progressOf('other'))).toBe(-1);
    // Cancelled there: nothing of either is left running, and the run ends.
    expect(events.at(-1)?.type).toBe('job-finished');
  });

  it('on the same disk, with VMBENCH_OVERLAP=0, or with every core busy: every target is set up before the first measurement', async () => {
    for (const events of [
      await run('disk-a', progressOf('local')),
      await run('another-disk', progressOf('local'), { VMBENCH_OVERLAP: '0' }),
      await run('another-disk', progressOf('local'), {}, (await import('node:os')).availableParallelism()),
    ]) {
      expect(events.some((e) => e.type === 'log' && e.ref?.key === 'log.setupAhead')).toBe(false);
      expect(at(events, probeOf('other'))).toBeGreaterThanOrEqual(0);
      expect(at(events, probeOf('other'))).toBeLessThan(at(events, progressOf('local')));
    }
  });
});
