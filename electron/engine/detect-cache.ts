/**
 * The last detection, kept in the data folder so that a new window shows it at once (marked with
 * its age) while a fresh detection runs. Written atomically; an unreadable file is no cache.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CachedDetect, DetectResult } from '../contract/contract.js';
import { atomicWrite } from './util/atomic-write.js';

const FILE = 'last-detect.json';

/** Saves a detection with the time it finished (atomically: the previous cache stays whole if this write fails). */
export async function saveDetectCache(dataDir: string, result: DetectResult, now = new Date()): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await atomicWrite(join(dataDir, FILE), JSON.stringify({ savedAt: now.toISOString(), result } satisfies CachedDetect), { mode: 0o600 });
}

/** The last saved detection, or null when there is none or it cannot be read. */
export async function readDetectCache(dataDir: string): Promise<CachedDetect | null> {
  try {
    const data = JSON.parse(await readFile(join(dataDir, FILE), 'utf8')) as Partial<CachedDetect>;
    if (typeof data.savedAt !== 'string' || Number.isNaN(Date.parse(data.savedAt))) return null;
    if (!data.result || !Array.isArray(data.result.runtimes)) return null;
    const runtimes = data.result.runtimes.filter(
      (r) => r && typeof r.id === 'string' && typeof r.kind === 'string' && typeof r.name === 'string' && Array.isArray(r.targets),
    );
    return { savedAt: data.savedAt, result: { runtimes, durationMs: Number(data.result.durationMs) || 0 } };
  } catch {
    return null;
  }
}
