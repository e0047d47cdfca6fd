/**
 * The one writer of every file vmbench produces (exports, cards, run JSON, history, backups, caches,
 * window state, the run lock): a crash or a full disk leaves the old file or the new one, never a part.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { link, lstat, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
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
        // Stryker disable next-line ArrowFunction,BooleanLiteral: an entry gone since readdir (a race): rm below fails or finds nothing alike.
        () => false,
      ))
    )
      continue;
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: force matters only for a file gone since lstat (a race); a failed rm is passed over.
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
      // Stryker disable next-line ObjectLiteral,BooleanLiteral: as in sweepStaleTemps, force matters only in a race and an error is passed over.
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
  // Stryker disable next-line ConditionalExpression: a file read as a folder gives no entries (readdir fails, caught): the test saves work only.
  for (const d of subs) if (d.isDirectory()) removed.push(...(await sweepStaleTempsUnder(join(dir, d.name), depth - 1)));
  return removed;
}

/**
 * The record of folders outside vmbench's data folder that this process writes into (an export beside
 * the user's report, a runtime's settings file): `<data>/writing/<pid>.folders`, one JSON string per line,
 * written and fsynced before the first temp file goes there. A process killed mid-write leaves its temp
 * file in a folder the next start would not otherwise know of; the record names it (sweepRecordedWrites).
 * One record per process: the engine last created in a process names the data folder.
 */
let journal: { root: string; dir: string } | undefined;
const recorded = new Set<string>();

/** The folder of the records of writes outside the data folder. */
export const WRITES_RECORD_DIR = 'writing';
const RECORD_NAME = /^(\d+)\.folders$/;

/** Records this process's writes outside `dataDir` from now on (createEngine). */
export function recordWritesOutside(dataDir: string): void {
  const root = resolve(dataDir);
  journal = { root, dir: join(root, WRITES_RECORD_DIR) };
  recorded.clear();
}

/** The folder to record before writing in `dir`, or undefined when it is inside the data folder or recorded already. */
function toRecord(dir: string): { folder: string; file: string; line: string } | undefined {
  if (!journal) return undefined;
  const folder = resolve(dir);
  if (folder === journal.root || folder.startsWith(journal.root + sep) || recorded.has(folder)) return undefined;
  return { folder, file: join(journal.dir, `${process.pid}.folders`), line: `${JSON.stringify(folder)}\n` };
}

/** Records `dir` (async); a record that cannot be written does not stop the write itself. */
async function recordFolder(dir: string): Promise<void> {
  const r = toRecord(dir);
  if (!r || !journal) return;
  try {
    await mkdir(journal.dir, { recursive: true, mode: 0o700 });
    const fh = await open(r.file, 'a', 0o600);
    try {
      await fh.appendFile(r.line);
      await fh.sync();
    } finally {
      await fh.close();
    }
    recorded.add(r.folder);
  } catch {
    // A read-only data folder: the write goes on; a leftover is then only swept by the next write there.
  }
}

/** recordFolder for atomicWriteSync. */
function recordFolderSync(dir: string): void {
  const r = toRecord(dir);
  if (!r || !journal) return;
  try {
    mkdirSync(journal.dir, { recursive: true, mode: 0o700 });
    const fd = openSync(r.file, 'a', 0o600);
    try {
      writeFileSync(fd, r.line);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    recorded.add(r.folder);
  } catch {
    // As recordFolder.
  }
}

/**
 * At start: for each record of a process that no longer lives, removes the stale temp files of ours in the
 * folders it names (sweepStaleTemps: only our names, only dead writers), then the record. A live process's
 * record (this one's included) stays. Returns the paths removed.
 */
export async function sweepRecordedWrites(isAlive: (pid: number) => boolean = pidAlive): Promise<string[]> {
  if (!journal) return [];
  const dir = journal.dir;
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = RECORD_NAME.exec(name);
    if (!m || Number(m[1]) === process.pid || isAlive(Number(m[1]))) continue;
    // Stryker disable next-line StringLiteral: any text that is not JSON lines is passed over as an empty one is.
    const text = await readFile(join(dir, name), 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      let folder: unknown;
      try {
        folder = JSON.parse(line);
      } catch {
        // A line cut by the kill, or an empty one: folder stays undefined, which the next test passes over.
      }
      if (typeof folder !== 'string' || !isAbsolute(folder)) continue;
      removed.push(...(await sweepStaleTemps(folder, isAlive)).map((n) => join(folder, n)));
    }
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: force matters only for a record gone since readdir (a race); a failure is passed over.
    await rm(join(dir, name), { force: true }).catch(() => undefined);
  }
  return removed;
}

// Stryker disable all: a hook for the integration tests (VMBENCH_TEST_HOLD_TEMP_IN), which run the built CLI that a mutant never reaches.
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
// Stryker restore all

/**
 * Writes a file so a crash or a full disk leaves either the old content or the new one, never a truncated
 * file: a temp file in the same folder, write, fsync, rename (or link when exclusive) over the target,
 * fsync of the folder. The temp file is removed whatever fails (ENOSPC included); one a killed process
 * left in the folder is removed by the next write there (sweepStaleTemps) or, for a folder outside the
 * data folder, by the next start (sweepRecordedWrites).
 */
export async function atomicWrite(file: string, content: string | Buffer, opts: AtomicWriteOptions = {}): Promise<void> {
  const dir = dirname(file);
  await sweepStaleTemps(dir).catch(() => undefined);
  await recordFolder(dir);
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
  recordFolderSync(dir);
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
