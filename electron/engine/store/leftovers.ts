/**
 * The bench scripts' work folders that a killed run left in vmbench's scratch folder, swept at the next run.
 *
 * A script makes SCRATCH/.vmbench-<pid of its sh>-<random digits> (bench-scripts/lib.sh, vb_mkwork) and
 * writes into it `.vmbench-owner`: the start time of that sh as the system reports it (Linux: field 22 of
 * /proc/<pid>/stat, clock ticks since boot; macOS and other systems without /proc: `ps -o lstart=`). A folder
 * is abandoned when its pid is not alive, or when the process now holding that pid started at another time
 * than the one recorded (the pid was reused: without the record such a folder would stay for good). A live
 * pid without a readable record (an older script's folder, or one whose script has only just made it) counts
 * as its owner: a live script's folder is never removed.
 * Chosen over a lock held by an open fd (no flock(1) on macOS, nor in POSIX sh) and over a heartbeat (a script
 * blocked in a long fio would need a second process to refresh it).
 */
import { lstat, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MsgRef } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { formatBytes } from '../../presentation/format.js';
import { pidAlive } from '../util/pid-alive.js';
import { processStart } from '../util/owner.js';

/** A work folder of a bench script: .vmbench-<pid of the script>-<random> (bench-scripts/lib.sh vb_mkwork). */
export const WORK_DIR = /^\.vmbench-([1-9][0-9]{0,9})-[0-9]{1,20}$/;
/** The file in a work folder that holds its owner's start time (written by vb_mkwork). */
export const OWNER_FILE = '.vmbench-owner';

export { processStart };

/** Whether the work folder at `path`, named with `pid`, still has its owner: that pid is alive and, when the folder recorded its start time, started then. */
async function owned(path: string, pid: number, isAlive: (pid: number) => boolean, startOf: (pid: number) => Promise<string | undefined>): Promise<boolean> {
  if (pid === process.pid) return true;
  if (!isAlive(pid)) return false;
  const recorded = (await readFile(join(path, OWNER_FILE), 'utf8').catch(() => '')).trim().replace(/\s+/g, ' ');
  if (!recorded) return true;
  const now = await startOf(pid);
  return now === undefined || now === recorded;
}

async function sizeOf(path: string): Promise<number> {
  const st = await lstat(path).catch(() => null);
  if (!st) return 0;
  if (!st.isDirectory()) return st.isFile() ? st.size : 0;
  let total = 0;
  for (const name of await readdir(path).catch(() => [] as string[])) total += await sizeOf(join(path, name));
  return total;
}

/** What a sweep removed (name and bytes) and left (its script still runs). */
export interface Swept {
  removed: { name: string; bytes: number }[];
  kept: string[];
}

/**
 * Removes the work folders a killed run left in vmbench's own scratch folder (kill -9 gives the
 * scripts' traps no chance), once no live process owns them (see above); only real folders (not a
 * file or symlink) named by WORK_DIR. Called with the run lock held, so no other run of this data
 * folder is writing there.
 */
export async function sweepLeftovers(
  scratch: string,
  isAlive: (pid: number) => boolean = pidAlive,
  startOf: (pid: number) => Promise<string | undefined> = processStart,
): Promise<Swept> {
  const out: Swept = { removed: [], kept: [] };
  const names = await readdir(scratch).catch(() => [] as string[]);
  for (const name of names) {
    const m = WORK_DIR.exec(name);
    if (!m) continue;
    const path = join(scratch, name);
    if (
      !(await lstat(path).then(
        (st) => st.isDirectory(),
        () => false,
      ))
    )
      continue;
    if (await owned(path, Number(m[1]), isAlive, startOf)) {
      out.kept.push(name);
      continue;
    }
    const bytes = await sizeOf(path);
    const gone = await rm(path, { recursive: true, force: true }).then(
      () => true,
      () => false,
    );
    if (gone) out.removed.push({ name, bytes });
  }
  return out;
}

/** One line for the run log (a message of the common catalogue), or null when there was nothing to sweep. */
export function sweptMessage(s: Swept): MsgRef | null {
  if (s.removed.length === 0) return null;
  // Units need no translation: the one size format (format.ts), with English digits.
  const size = formatBytes(
    s.removed.reduce((a, r) => a + r.bytes, 0),
    'en',
  );
  return msg(s.removed.length === 1 ? 'log.sweptOne' : 'log.swept', { count: s.removed.length, size, names: s.removed.map((r) => r.name).join(', ') });
}
