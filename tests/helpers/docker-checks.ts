// What the docker-transport tests check after a run: nothing of vmbench left in the daemon, no test
// file left in a folder, no benchmark process left running; and a few ways to read job events.
import { readdirSync, readFileSync } from 'node:fs';
import type { Envelope, JobEvent, TargetRun } from '../../electron/contract/contract.js';
import { NOT_SETTLED } from '../../electron/contract/run-status.js';
import type { Engine } from '../../electron/engine/api.js';
import type { PrivateDockerd } from './private-dockerd.js';

/** Containers and volumes carrying vmbench's label. */
export function vmbenchObjects(d: PrivateDockerd): { containers: string[]; volumes: string[] } {
  const lines = (s: string): string[] =>
    s
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  return {
    containers: lines(d.docker(['ps', '-aq', '--filter', 'label=dev.vmbench'])),
    volumes: lines(d.docker(['volume', 'ls', '-q', '--filter', 'label=dev.vmbench'])),
  };
}

/**
 * A container's step errors other than a write-back that did not settle. A container reads the host's
 * Dirty+Writeback (lib.sh vb_settle), and in the live lane the VM stream's guests write to the same host
 * disk at the same time (a landing CI run saw 1.5 GB still dirty after 30 s): the engine rightly warns
 * then, and the numbers are still measured. tests/live/settle-throttled.test.ts checks the warning itself.
 */
export function errorsBesidesSettle(t: Pick<TargetRun, 'errors'>): TargetRun['errors'] {
  return t.errors.filter((e) => e.code !== NOT_SETTLED);
}

/** The bench scripts' work directories (.vmbench-*) in a folder. */
export function workDirs(dir: string): string[] {
  return readdirSync(dir).filter((n) => n.startsWith('.vmbench-'));
}

/** Live processes of a benchmark tool (fio, dd) working under /vmbench/ (inside a container, seen from the host). */
export function benchProcesses(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (/^(\S*\/)?(fio|dd)\s/.test(cmd) && cmd.includes('/vmbench/')) found.push(`${pid} ${cmd}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Calls the engine and unwraps its envelope. */
export async function call<T>(engine: Engine, channel: string, ...args: unknown[]): Promise<T> {
  const env = (await engine.dispatch(channel, args)) as Envelope<T>;
  if (!env.ok) throw new Error(`${env.error.code}: ${env.error.message}`);
  return env.value;
}

/** Events of one type of one job, typed. */
export function ofType<K extends JobEvent['type']>(events: JobEvent[], jobId: string, type: K): Extract<JobEvent, { type: K }>[] {
  return events.filter((e): e is Extract<JobEvent, { type: K }> => e.jobId === jobId && e.type === type);
}
