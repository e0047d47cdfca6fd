import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Options of an atomic write. */
export interface AtomicWriteOptions {
  /** File mode of a new file (an existing file keeps its own mode). */
  mode?: number;
}

/**
 * Writes a file so a crash leaves either the old content or the new one, never a truncated file:
 * a temp file in the same folder, fsync, rename over the target, fsync of the folder.
 */
export async function atomicWrite(file: string, content: string | Buffer, opts: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(file);
  const mode = await stat(file).then((s) => s.mode & 0o7777, () => opts.mode ?? 0o644);
  const tmp = join(dir, `.${basename(file).slice(0, 80)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fh = await open(tmp, 'wx', mode);
    try {
      await fh.chmod(mode);
      await fh.writeFile(content);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await syncDir(dir);
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
