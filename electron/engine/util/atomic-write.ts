/**
 * The one writer of every file vmbench produces (exports, cards, run JSON, history, backups, caches,
 * window state, the run lock): a crash or a full disk leaves the old file or the new one, never a part.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, linkSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { link, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Options of an atomic write. */
export interface AtomicWriteOptions {
  /** File mode of a new file (an existing file keeps its own mode). */
  mode?: number;
  /** Never replace an existing file: the new one is hard-linked into place, and an existing one fails with EEXIST. */
  exclusive?: boolean;
}

/** The temp file next to `file` (same folder, so the rename stays on one file system; hidden; ends in .tmp). */
function tempPath(file: string): string {
  return join(dirname(file), `.${basename(file).slice(0, 80)}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Writes a file so a crash or a full disk leaves either the old content or the new one, never a truncated
 * file: a temp file in the same folder, write, fsync, rename (or link when exclusive) over the target,
 * fsync of the folder. The temp file is removed whatever fails (ENOSPC included).
 */
export async function atomicWrite(file: string, content: string | Buffer, opts: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(file);
  const mode = await stat(file).then((s) => s.mode & 0o7777, () => opts.mode ?? 0o644);
  const tmp = tempPath(file);
  try {
    const fh = await open(tmp, 'wx', mode);
    try {
      await fh.chmod(mode);
      await fh.writeFile(content);
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
