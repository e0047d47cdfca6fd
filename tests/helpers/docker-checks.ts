// What the docker-transport tests check after a run: nothing of vmbench left in the daemon, no test
// file left in a folder, no benchmark process left running; and a few ways to read job events.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
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

/**
 * Live processes of a benchmark tool (fio, dd) working under /vmbench/ in a container of the daemon `d` (seen from the host):
 * descendants of a containerd shim of that daemon (its -address names the daemon's exec root, beside its socket). A fio of
 * another daemon on the machine (a developer's, `npm run perf`'s) is not this test's.
 */
export function benchProcesses(d: { socket: string }): string[] {
  const runDir = `${dirname(d.socket)}/`;
  const procs = new Map<number, { ppid: number; cmd: string }>();
  for (const p of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      procs.set(Number(p), { ppid, cmd });
    } catch {
      // the process ended while we looked
    }
  }
  const shims = new Set([...procs].filter(([, x]) => /containerd-shim/.test(x.cmd) && x.cmd.includes(runDir)).map(([pid]) => pid));
  const underShim = (pid: number): boolean => {
    for (let p = procs.get(pid)?.ppid, i = 0; p && i < 64; p = procs.get(p)?.ppid, i++) if (shims.has(p)) return true;
    return false;
  };
  return [...procs]
    .filter(([pid, x]) => /^(\S*\/)?(fio|dd)\s/.test(x.cmd) && x.cmd.includes('/vmbench/') && underShim(pid))
    .map(([pid, x]) => `${pid} ${x.cmd}`);
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
