/**
 * Set-up ahead of time (issue 42), and the one rule that says when it may run beside a measurement.
 *
 * A run sets each target up (its transport's prepare(), then the probe) before the target's first step. By default every
 * set-up happens before the first measurement, one after the other, as it always did. A target whose set-up cannot disturb
 * what is measured before its turn may instead be set up while those steps run, so that the first verdict comes sooner.
 *
 * "Cannot disturb" is decided from footprints: what a stretch of work keeps busy on this machine. A set-up may overlap a
 * measurement only when they share no physical disk (a partition is its disk, a loop device is the disk of its backing file)
 * and the cores both need fit in this machine's cores. A transport that cannot tell what it touches (a VM's disk image, a
 * daemon inside a VM) says ANY_DISK, which shares a disk with everything: it is never overlapped. So on a machine with one
 * disk nothing overlaps, and a run is the same as without this.
 *
 * The cores are the ones free when the run starts: this machine's, less what other work keeps busy then (busyCores), so
 * that on a busy machine nothing overlaps. It is on unless VMBENCH_OVERLAP=0. Its A/A (`npm run perf:aa -- --overlap
 * --control`: runs with and without it, beside pairs of runs without it) on the 2-core development machine, on 2026-11-29:
 * under a load average of about 10 from other work, before the rule counted busy cores, pairs with it flagged native's
 * headline slower (the one the set-up overlaps) where the controls did not; on a quiet machine, pairs with it were no more
 * often flagged than the controls, and none flagged native's headline (README, "npm run perf:aa").
 */
import { cpus, type CpuInfo } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { DISK_TESTS, type Place, type PlanStep } from '../../contract/contract.js';
import type { Transport } from '../transports/types.js';
import { ANY_DISK, EVERYTHING, type Footprint } from '../util/footprint.js';

/** Whether two footprints share a disk (ANY_DISK shares one with any footprint that has a disk). */
export function shareDisk(a: Footprint, b: Footprint): boolean {
  if (!a.disks.length || !b.disks.length) return false;
  if (a.disks.includes(ANY_DISK) || b.disks.includes(ANY_DISK)) return true;
  return a.disks.some((d) => b.disks.includes(d));
}

/** The rule: a set-up may run beside a measurement only on another disk, with the cores of both within this machine's. */
export function mayOverlap(setup: Footprint, measured: Footprint, cores: number): boolean {
  return !shareDisk(setup, measured) && setup.cpus + measured.cpus <= cores;
}

/** Whether set-up ahead of time is on: unless VMBENCH_OVERLAP=0 (see above). */
export function overlapOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VMBENCH_OVERLAP !== '0';
}

/**
 * The cores other work keeps busy now, in whole cores: each core's busy share of its time between two samples of
 * os.cpus() (Linux and macOS alike) `ms` apart, summed and rounded. Taken before a run's first step, it is other
 * programs' (and a previous run's) load, not this run's.
 */
export async function busyCores(ms = 500, sample: () => CpuInfo[] = cpus): Promise<number> {
  const before = sample();
  await sleep(ms);
  const after = sample();
  let busy = 0;
  after.forEach((c, i) => {
    const b = before[i]?.times;
    if (!b) return;
    const idle = c.times.idle - b.idle;
    const total = idle + c.times.user - b.user + (c.times.nice - b.nice) + (c.times.sys - b.sys) + (c.times.irq - b.irq);
    if (total > 0) busy += 1 - idle / total;
  });
  return Math.round(busy);
}

/** Cores a test keeps busy while measured: a disk test's one fio job; any other (the user's command, a service, the network) takes them all. */
export function testCpus(test: PlanStep['test'], cores: number): number {
  return DISK_TESTS.includes(test) ? 1 : cores;
}

/** A transport's footprint for its set-up or a place's measurement; EVERYTHING when it cannot say (or fails to). */
export async function footprintOf(transport: Pick<Transport, 'footprint'>, work: 'setup' | Place, image?: string): Promise<Footprint> {
  if (!transport.footprint) return EVERYTHING;
  return transport.footprint(work, image).catch(() => EVERYTHING);
}

/** A target of the run as the overlap plan needs it. */
export interface OverlapTarget {
  id: string;
  transport: Pick<Transport, 'footprint'>;
}

/**
 * Which targets are set up ahead of time: each target after the first whose set-up footprint may overlap the measurement of
 * every step planned before its own first step (it may still be running when they run). The others are set up before the
 * first measurement, as without overlap. The first target to be measured is always set up first.
 */
export async function setupsAhead(
  targets: readonly OverlapTarget[],
  plan: readonly PlanStep[],
  freeCores: number | (() => Promise<number>),
  image?: string,
): Promise<Set<string>> {
  const ahead = new Set<string>();
  // The free cores are asked for once, and only when a set-up could overlap by its disks.
  let asked: Promise<number> | undefined;
  const coresNow = (): Promise<number> => (asked ??= typeof freeCores === 'number' ? Promise.resolve(freeCores) : freeCores());
  const order = [...new Set(plan.map((p) => p.target))];
  const measuredFootprint = new Map<string, Footprint>();
  /** A place's footprint while measured (its test's cores added where they are known). */
  const placeFootprint = async (step: PlanStep): Promise<Footprint> => {
    const key = `${step.target}\n${step.place}`;
    if (!measuredFootprint.has(key)) {
      const t = targets.find((x) => x.id === step.target);
      measuredFootprint.set(key, t ? await footprintOf(t.transport, step.place, image) : EVERYTHING);
    }
    return measuredFootprint.get(key)!;
  };
  for (const id of order.slice(1)) {
    const t = targets.find((x) => x.id === id);
    if (!t) continue;
    const setup = await footprintOf(t.transport, 'setup', image);
    const before = plan.slice(
      0,
      plan.findIndex((p) => p.target === id),
    );
    let ok = before.length > 0;
    for (const step of before) {
      if (!ok) break;
      const f = await placeFootprint(step);
      if (shareDisk(setup, f)) ok = false;
      else {
        const cores = await coresNow();
        ok = mayOverlap(setup, { disks: f.disks, cpus: f.cpus + testCpus(step.test, cores) }, cores);
      }
    }
    if (ok) ahead.add(id);
  }
  return ahead;
}
