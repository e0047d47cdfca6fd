import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The folder a finding's backup goes to: <dataDir>/backups/<timestamp>-<finding id sanitized>. */
export function backupDirFor(dataDir: string, findingId: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const safe = findingId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
  return join(dataDir, 'backups', `${stamp}-${safe}`);
}

/** Creates the backup folder and writes one file into it; returns the file's path. */
export async function writeBackup(dir: string, name: string, content: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, name);
  await writeFile(file, content, { mode: 0o600 });
  return file;
}
