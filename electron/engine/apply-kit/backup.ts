import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { atomicWrite } from '../util/atomic-write.js';

/** The folder a finding's backup goes to: <dataDir>/backups/<timestamp>-<hash of the finding id> (names from outside never become a path). */
export function backupDirFor(dataDir: string, findingId: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const hash = createHash('sha256').update(findingId).digest('hex').slice(0, 16);
  return join(dataDir, 'backups', `${stamp}-${hash}`);
}

/** Creates the backup folder and writes one file into it (a plain file name; anything else is refused); returns the file's path. */
export async function writeBackup(dir: string, name: string, content: string): Promise<string> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/.test(name) || name.includes('..')) throw new Error(`"${name}" is not a plain backup file name`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, name);
  await atomicWrite(file, content, { mode: 0o600 });
  return file;
}

/**
 * The folder an apply backs up into: the one its confirmed plan showed (opts.backupDir, which must lie under
 * <dataDir>/backups/), else a new one for a plan made just now.
 */
export function backupDirOf(opts: { dataDir: string; now?: Date; backupDir?: string }, findingId: string): string {
  if (opts.backupDir === undefined) return backupDirFor(opts.dataDir, findingId, opts.now);
  const base = resolve(opts.dataDir, 'backups');
  const rel = relative(base, resolve(opts.backupDir));
  if (!rel || rel.startsWith('..') || rel.includes(sep)) throw new Error(`${opts.backupDir} is not a backup folder under ${base}`);
  return join(base, rel);
}
