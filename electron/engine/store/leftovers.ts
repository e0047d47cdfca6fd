import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MsgRef } from '../../shared/contract.js';
import { msg } from '../../shared/finding-text.js';
import { pidAlive } from '../util/pid-alive.js';

/** A work folder of a bench script: .vmbench-<pid of the script>-<random> (bench-scripts/lib.sh vb_mkwork). */
const WORK_DIR = /^\.vmbench-(\d+)-\d+$/;

async function sizeOf(path: string): Promise<number> {
  const st = await lstat(path).catch(() => null);
  if (!st) return 0;
  if (!st.isDirectory()) return st.size;
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
 * scripts' traps no chance), once no live process owns them. Called with the run lock held, so no
 * other run of this data folder is writing there.
 */
export async function sweepLeftovers(scratch: string, isAlive: (pid: number) => boolean = pidAlive): Promise<Swept> {
  const out: Swept = { removed: [], kept: [] };
  const names = await readdir(scratch).catch(() => [] as string[]);
  for (const name of names) {
    const m = WORK_DIR.exec(name);
    if (!m) continue;
    if (isAlive(Number(m[1]))) {
      out.kept.push(name);
      continue;
    }
    const path = join(scratch, name);
    const bytes = await sizeOf(path);
    await rm(path, { recursive: true, force: true });
    out.removed.push({ name, bytes });
  }
  return out;
}

/** One line for the run log (a message of the common catalogue), or null when there was nothing to sweep. */
export function sweptMessage(s: Swept): MsgRef | null {
  if (s.removed.length === 0) return null;
  const bytes = s.removed.reduce((a, r) => a + r.bytes, 0);
  const size = bytes >= 1 << 30 ? `${(bytes / (1 << 30)).toFixed(1)} GB` : `${Math.round(bytes / (1 << 20))} MB`;
  return msg(s.removed.length === 1 ? 'log.sweptOne' : 'log.swept', { count: s.removed.length, size, names: s.removed.map((r) => r.name).join(', ') });
}
