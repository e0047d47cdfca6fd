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
 * It is off unless VMBENCH_OVERLAP=1: its A/A (`npm run perf:aa -- --overlap`, runs with and without it) is not clean yet. On
 * 2026-11-29, on a 2-core machine under a load average of about 10 from other work, 3 of 5 pairs flagged the Docker
 * target's headline (measured after the overlap had ended) faster with it, 1.47-1.95x; the cause is not known, so a user's
 * numbers do not depend on it until an A/A on a quiet machine is clean.
 */
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

/** Whether set-up ahead of time is on: only with VMBENCH_OVERLAP=1 (see above). */
export function overlapOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VMBENCH_OVERLAP === '1';
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
export async function setupsAhead(targets: readonly OverlapTarget[], plan: readonly PlanStep[], cores: number, image?: string): Promise<Set<string>> {
  const ahead = new Set<string>();
  const order = [...new Set(plan.map((p) => p.target))];
  const measuredFootprint = new Map<string, Footprint>();
  const measured = async (step: PlanStep): Promise<Footprint> => {
    const key = `${step.target}\n${step.place}`;
    if (!measuredFootprint.has(key)) {
      const t = targets.find((x) => x.id === step.target);
      measuredFootprint.set(key, t ? await footprintOf(t.transport, step.place, image) : EVERYTHING);
    }
    const f = measuredFootprint.get(key)!;
    return { disks: f.disks, cpus: f.cpus + testCpus(step.test, cores) };
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
    for (const step of before) if (ok && !mayOverlap(setup, await measured(step), cores)) ok = false;
    if (ok) ahead.add(id);
  }
  return ahead;
}
