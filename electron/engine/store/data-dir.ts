import { mkdir, readFile, rm, stat, statfs } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { EngineError, engineError, writeWhy } from '../util/errors.js';
import { atomicWrite } from '../util/atomic-write.js';
import { pidAlive } from '../util/pid-alive.js';

/** Free space a run needs in the data folder for its history file and logs. */
export const RUN_SPACE_BYTES = 16 * 1024 * 1024;

/**
 * mkdir -p one level at a time: Node's own recursive mkdir spins forever under /proc (Node 20),
 * so a path like /proc/x must fail at once instead.
 */
export async function makeDirs(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    try {
      if (!(await stat(d)).isDirectory()) throw Object.assign(new Error(`${d} is not a folder`), { code: 'ENOTDIR' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      missing.push(d);
      if (dirname(d) === d) break;
    }
  }
  for (const d of missing.reverse()) {
    await mkdir(d).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
  }
}

/** Checks before a run that the data folder can be created, written and has room; the error names the folder and the space needed. */
export async function checkDataDir(dataDir: string, needBytes = RUN_SPACE_BYTES): Promise<void> {
  const runs = join(dataDir, 'runs');
  try {
    await makeDirs(runs);
    const probe = join(runs, `.write-check-${process.pid}`);
    await atomicWrite(probe, 'ok\n');
    await rm(probe, { force: true });
  } catch (err) {
    throw engineError('invalid-input', 'errors.cannotStore', { dir: dataDir, why: writeWhy(err) });
  }
  try {
    const fs = await statfs(runs);
    const free = Number(fs.bavail) * Number(fs.bsize);
    if (free < needBytes) {
      throw engineError('invalid-input', 'errors.noSpace', { dir: dataDir, free: (free / 1048576).toFixed(1), need: (needBytes / 1048576).toFixed(0) });
    }
  } catch (err) {
    if (err instanceof EngineError) throw err;
    // statfs is not available everywhere; the write check above still ran.
  }
}

/**
 * Takes the data folder's run lock (run.lock with the owner's pid): one run at a time per data folder.
 * A lock left by a process that is gone is taken over. Returns the release function.
 */
export async function acquireRunLock(dataDir: string): Promise<() => Promise<void>> {
  await makeDirs(dataDir);
  const file = join(dataDir, 'run.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // Complete or absent, never an empty lock: written whole, then linked into place (EEXIST when held).
      await atomicWrite(file, `${process.pid}\n`, { mode: 0o600, exclusive: true });
      return async () => {
        const owner = await readFile(file, 'utf8').catch(() => '');
        if (Number(owner.trim()) === process.pid) await rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (pid === process.pid) throw engineError('busy', 'errors.runLockSelf');
      if (Number.isInteger(pid) && pid > 0 && pidAlive(pid)) {
        throw engineError('busy', 'errors.runLockOther', { pid, dir: dataDir });
      }
      await rm(file, { force: true });
    }
  }
  throw engineError('busy', 'errors.runLockRace', { file });
}
