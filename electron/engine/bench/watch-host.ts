/**
 * The host's half of the watch test (bench-scripts/watch.sh): for each batch the script announces
 * (a watch-ready event naming its work folder), the host writes ping-1..N into that folder's w/
 * through the shared folder, odd ones in place and even ones beside and renamed (as editors save),
 * and times each round trip until it sees the target's pong-N. Only the host's clock is read. The
 * batch ends with w/batch-done, also when changes were missed or the run is cancelled.
 */
import { watch, type FSWatcher } from 'node:fs';
import { rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** What one batch measured: round trips in ms, and how many changes the target never answered within the bound. */
export interface WatchBatch {
  rttMs: number[];
  missed: number;
}

/** The p-th percentile (0-100) of values, nearest rank. */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Resolves true once `path` exists, false after `boundMs`; woken by a watcher on its folder and by a 2 ms poll. */
function appears(watcher: { wake: Set<() => void> }, path: string, boundMs: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (v: boolean): void => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(limit);
      watcher.wake.delete(check);
      signal.removeEventListener('abort', onAbort);
      resolve(v);
    };
    const check = (): void => void exists(path).then((yes) => yes && finish(true));
    const onAbort = (): void => finish(false);
    const poll = setInterval(check, 2);
    const limit = setTimeout(() => finish(false), boundMs);
    watcher.wake.add(check);
    signal.addEventListener('abort', onAbort, { once: true });
    check();
  });
}

/** A batch whose first this-many changes all went unseen ends there: the target is not seeing changes this way. */
const GIVE_UP_AFTER = 3;

/** Drives one batch in `dir` (the host side of the target's w/ folder); `events` 0 only ends the batch. */
export async function driveWatchBatch(dir: string, events: number, boundMs: number, signal: AbortSignal): Promise<WatchBatch> {
  const wake = new Set<() => void>();
  let fsw: FSWatcher | undefined;
  try {
    fsw = watch(dir, () => wake.forEach((f) => f()));
    fsw.on('error', () => undefined);
  } catch {
    // No watcher on this folder: the 2 ms poll alone sees the answers.
  }
  const rttMs: number[] = [];
  let missed = 0;
  try {
    for (let n = 1; n <= events && !signal.aborted; n++) {
      const target = join(dir, `ping-${n}`);
      const t0 = performance.now();
      if (n % 2) await writeFile(target, `change ${n}\n`);
      else {
        await writeFile(join(dir, `.ping-${n}.tmp`), `change ${n}\n`);
        await rename(join(dir, `.ping-${n}.tmp`), target);
      }
      if (await appears({ wake }, join(dir, `pong-${n}`), boundMs, signal)) rttMs.push(performance.now() - t0);
      else if (!signal.aborted) missed++;
      if (missed === GIVE_UP_AFTER && rttMs.length === 0) break;
      // A pause between changes, as between saves: the next change is not part of this one's burst.
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    fsw?.close();
    await writeFile(join(dir, 'batch-done'), '').catch(() => undefined);
  }
  return { rttMs, missed };
}
