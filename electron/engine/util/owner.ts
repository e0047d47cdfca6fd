/**
 * Who owns a file vmbench leaves in a place while it works: this process, named by its pid and a short hash
 * of its start time (a later run tells a file of a vmbench that was killed from one of a vmbench that still
 * runs, also once the pid was reused). The engine writes the tag into the names of its own files in guests
 * (the libvirt transport's /tmp/vmbench-<tag>-<random>, the shell-in-VM transport's .vmbench-ctl-<tag>-…);
 * the bench scripts record their own start time beside their work folders (store/leftovers.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { run } from './exec.js';
import { pidAlive } from './pid-alive.js';

/** When process `pid` started, in the form the scripts record it (lib.sh vb_proc_start); undefined when it is gone or unknown. */
export async function processStart(pid: number): Promise<string | undefined> {
  if (existsSync('/proc/self/stat')) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const field = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return field && /^[0-9]+$/.test(field) ? field : undefined;
  }
  const r = await run('ps', ['-o', 'lstart=', '-p', String(pid)], {
    env: { ...process.env, LC_ALL: 'C', TZ: 'UTC0' },
    timeoutMs: 5000,
    allowFailure: true,
  }).catch(() => undefined);
  const text = r ? r.stdout.trim().replace(/\s+/g, ' ') : '';
  return r?.exitCode === 0 && text ? text : undefined;
}

/** An owner tag: `<pid>.<8 hex of the start time>` (`0` for the hash when the start time cannot be read). */
export const OWNER_TAG = /^([1-9][0-9]{0,9})\.([0-9a-f]{8}|0)$/;

const startHash = (start: string | undefined): string => (start ? createHash('sha256').update(start).digest('hex').slice(0, 8) : '0');

let mine: Promise<string> | undefined;

/** The owner tag of the process `pid` as it runs now. */
export async function ownerTagFor(pid: number): Promise<string> {
  return `${pid}.${startHash(await processStart(pid))}`;
}

/** This process's owner tag (read once). */
export function ownerTag(): Promise<string> {
  mine ??= ownerTagFor(process.pid);
  return mine;
}

/**
 * Whether the vmbench that wrote `tag` still runs: its pid is alive and (when both start times are known)
 * started when the tag says. A tag that is not one (another program's file) counts as alive: never swept.
 */
export async function ownerAlive(
  tag: string,
  isAlive: (pid: number) => boolean = pidAlive,
  startOf: (pid: number) => Promise<string | undefined> = processStart,
): Promise<boolean> {
  const m = OWNER_TAG.exec(tag);
  if (!m) return true;
  const pid = Number(m[1]);
  if (pid === process.pid) return true;
  if (!isAlive(pid)) return false;
  if (m[2] === '0') return true;
  const now = await startOf(pid);
  return now === undefined || startHash(now) === m[2];
}
