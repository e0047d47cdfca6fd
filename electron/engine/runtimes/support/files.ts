import { readdir, stat } from 'node:fs/promises';
import type { DetectContext } from './types.js';
import { why, withDetail, type Why } from './why.js';

/** Result of looking for an optional file. */
export type FileLook = { state: 'missing' } | { state: 'ok'; path: string; text: string } | { state: 'error'; path: string; reason: Why };

/** The sentence for a file that exists and cannot be read, by its error code (the system's words go to the details). */
const UNREADABLE: Record<string, string> = {
  EACCES: 'file.unreadableDenied',
  EPERM: 'file.unreadableDenied',
  EISDIR: 'file.unreadableFolder',
  EFBIG: 'file.unreadableLarge',
};

/** Reads a file that may not exist: missing is not an error, unreadable is. */
export async function readOptional(ctx: DetectContext, path: string): Promise<FileLook> {
  try {
    return { state: 'ok', path, text: await ctx.readFile(path) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing' };
    const msg = err instanceof Error ? err.message : String(err);
    return { state: 'error', path, reason: withDetail(why(UNREADABLE[code ?? ''] ?? 'file.unreadable', { path }), msg) };
  }
}

/** The first of several candidate files that exists (read or unreadable), looked up in parallel. */
export async function firstExisting(ctx: DetectContext, paths: string[]): Promise<FileLook> {
  const looks = await Promise.all(paths.map((p) => readOptional(ctx, p)));
  return looks.find((l) => l.state !== 'missing') ?? { state: 'missing' };
}

/** Whether a path (file, directory or socket) exists. */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Names of the sub-folders of a folder, sorted; none when it does not exist or cannot be listed. */
export async function subfolders(path: string): Promise<string[]> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}
