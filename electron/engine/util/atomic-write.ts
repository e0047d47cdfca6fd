/**
 * The one writer of every file vmbench produces (exports, cards, run JSON, history, backups, caches,
 * window state, the run lock): a crash or a full disk leaves the old file or the new one, never a part.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, linkSync, lstatSync, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { link, lstat, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pidAlive } from './pid-alive.js';

/** Options of an atomic write. */
export interface AtomicWriteOptions {
  /** File mode of a new file (an existing file keeps its own mode). */
  mode?: number;
  /** Never replace an existing file: the new one is hard-linked into place, and an existing one fails with EEXIST. */
  exclusive?: boolean;
}

/**
 * The name of a temp file of ours: `.<name>.vmbench-tmp-<pid of the writer>-<12 hex>`, hidden, next to
 * the file it becomes. The pid says whether its writer still lives (a killed write leaves it behind).
 */
export const TEMP_NAME = /^\..+\.vmbench-tmp-(\d+)-[0-9a-f]{12}$/s;

/** The temp file next to `file` (same folder, so the rename stays on one file system). */
function tempPath(file: string): string {
  return join(dirname(file), `.${basename(file).slice(0, 80)}.vmbench-tmp-${process.pid}-${randomBytes(6).toString('hex')}`);
}

/** Whether a folder entry is a temp file of ours whose writer is gone (never this process's, never a live one's). */
function isStale(name: string, isAlive: (pid: number) => boolean): boolean {
  const m = TEMP_NAME.exec(name);
  if (!m) return false;
  const pid = Number(m[1]);
  return pid !== process.pid && !isAlive(pid);
}

/**
 * Removes the temp files of ours that an interrupted write (a killed process) left in `dir`: only
 * regular files named by TEMP_NAME whose writer's pid is no longer alive. Returns the names removed;
 * an unreadable folder removes nothing.
 */
export async function sweepStaleTemps(dir: string, isAlive: (pid: number) => boolean = pidAlive): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!isStale(name, isAlive)) continue;
    const path = join(dir, name);
    if (
      !(await lstat(path).then(
        (st) => st.isFile(),
        () => false,
      ))
    )
      continue;
    await rm(path, { force: true }).then(
      () => removed.push(name),
      () => undefined,
    );
  }
  return removed;
}

/** sweepStaleTemps for atomicWriteSync. */
function sweepStaleTempsSync(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!isStale(name, pidAlive)) continue;
    try {
      if (lstatSync(join(dir, name)).isFile()) rmSync(join(dir, name), { force: true });
    } catch {
      // Gone already, or not ours to remove.
    }
  }
}

/** Removes stale temp files of ours in a folder and in the folders below it, down to `depth` levels (vmbench's data folder at start). */
export async function sweepStaleTempsUnder(dir: string, depth = 2): Promise<string[]> {
  const removed = (await sweepStaleTemps(dir)).map((n) => join(dir, n));
  if (depth <= 0) return removed;
  const subs = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const d of subs) if (d.isDirectory()) removed.push(...(await sweepStaleTempsUnder(join(dir, d.name), depth - 1)));
  return removed;
}

/**
 * A test hook: with VMBENCH_TEST_HOLD_TEMP_IN set to a folder, a write into that folder stops for good
 * once its temp file holds the content (before the rename), so a test can kill the process mid-write.
 */
async function holdForTest(file: string): Promise<void> {
  const folder = process.env.VMBENCH_TEST_HOLD_TEMP_IN;
  if (!folder || resolve(dirname(file)) !== resolve(folder)) return;
  process.stderr.write('vmbench-test: holding the temp file\n');
  await new Promise<never>(() => setInterval(() => undefined, 60_000));
}

/**
 * Writes a file so a crash or a full disk leaves either the old content or the new one, never a truncated
 * file: a temp file in the same folder, write, fsync, rename (or link when exclusive) over the target,
 * fsync of the folder. The temp file is removed whatever fails (ENOSPC included); one a killed process
 * left in the folder is removed by the next write there (sweepStaleTemps).
 */
export async function atomicWrite(file: string, content: string | Buffer, opts: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(file);
  await sweepStaleTemps(dir).catch(() => undefined);
  const mode = await stat(file).then(
    (s) => s.mode & 0o7777,
    () => opts.mode ?? 0o644,
  );
  const tmp = tempPath(file);
  try {
    const fh = await open(tmp, 'wx', mode);
    try {
      await fh.chmod(mode);
      await fh.writeFile(content);
      await holdForTest(file);
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (opts.exclusive) await link(tmp, file);
    else await rename(tmp, file);
  } finally {
    // After a rename there is nothing left to remove; after a link or a failure the temp name goes.
    await rm(tmp, { force: true });
  }
  await syncDir(dir);
}

/** atomicWrite for the few places that must finish synchronously (the window state, saved as the window closes). */
export function atomicWriteSync(file: string, content: string | Buffer, opts: AtomicWriteOptions = {}): void {
  const dir = dirname(file);
  sweepStaleTempsSync(dir);
  let mode = opts.mode ?? 0o644;
  try {
    mode = statSync(file).mode & 0o7777;
  } catch {
    // A new file: the mode asked for.
  }
  const tmp = tempPath(file);
  try {
    const fd = openSync(tmp, 'wx', mode);
    try {
      fchmodSync(fd, mode);
      writeFileSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (opts.exclusive) linkSync(tmp, file);
    else renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic.
  }
}

/** fsyncs a folder so a rename in it survives a power loss (a no-op where folders cannot be fsynced). */
export async function syncDir(dir: string): Promise<void> {
  try {
    const dh = await open(dir, 'r');
    await dh.sync().finally(() => dh.close());
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the rename is still atomic.
  }
}
