/**
 * The user's project uploaded into a VM whose shares do not hold it (the command test's guest place, `vmbench run --command`):
 * a tar of the project made on this machine by the system's tar (GNU tar or bsdtar), of the entries listed here (the user's
 * --exclude paths left out, .git included), streamed into the guest and unpacked there. What is the same for every transport
 * that uploads: the list, the tar's argv, the name of the folder in the guest (with this vmbench's owner tag, so that a later
 * run sweeps it when this one was killed: guest/leftovers.ts), and the guest's unpack snippet (a constant; paths are arguments).
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { spawnGroup } from '../util/process-group.js';
import { ownerTag } from '../util/owner.js';
import { msg } from '../../messages/finding-text.js';
import { withEnglish } from '../../messages/message-english.js';

/** The folder name prefix of an upload in the guest folder: `.vmbench-upload-<owner tag>-<random hex>`. */
export const UPLOAD_PREFIX = '.vmbench-upload-';

/** What was uploaded: where the guest sees the project, its size, and how to remove it (never throws). */
export interface ProjectUpload {
  /** The project's copy in the guest: the command's --source. */
  source: string;
  /** The bytes of the project's files that were sent (the sum of their sizes, as listed). */
  bytes: number;
  /** Seconds the upload took (its own line in the log; never counted in the command's times). */
  sec: number;
  /** Removes the upload from the guest (the runner calls it after the place's runs, also after a cancel or a failure). */
  remove(): Promise<void>;
}

/** What an upload is asked for. */
export interface UploadOptions {
  signal: AbortSignal;
  /** The user's --exclude paths (relative to the project): left out of the upload. */
  exclude?: readonly string[];
  /** A hang guard for the whole upload (default: none beyond the signal). */
  timeoutMs?: number;
}

/** The entries of a project to upload, as paths relative to it (`./a`, `./a/b`, parents first), and the bytes of its files. */
export interface ProjectList {
  entries: string[];
  bytes: number;
}

/** An exclude path as command.sh takes it (relative, no leading ./, no trailing /). */
const normalExclude = (x: string): string => posix.normalize(x.replace(/^(\.\/)+/, '')).replace(/\/+$/, '');

/**
 * The project's entries (folders, files and symbolic links, not followed), without the excluded paths and what is under them,
 * parents before children; `bytes` sums the files' sizes. The same exclusions as command.sh's scratch copy (exact relative paths).
 */
export async function listProject(project: string, exclude: readonly string[] = []): Promise<ProjectList> {
  const skip = new Set(exclude.map(normalExclude).filter((x) => x && x !== '.'));
  const entries: string[] = [];
  let bytes = 0;
  const walk = async (rel: string): Promise<void> => {
    const names = (await readdir(rel ? join(project, rel) : project)).sort();
    for (const name of names) {
      const r = rel ? `${rel}/${name}` : name;
      if (skip.has(r)) continue;
      const s = await lstat(join(project, r));
      if (!s.isDirectory() && !s.isFile() && !s.isSymbolicLink()) continue;
      entries.push(`./${r}`);
      if (s.isFile()) bytes += s.size;
      if (s.isDirectory()) await walk(r);
    }
  };
  await walk('');
  return { entries, bytes };
}

/** The size of what an upload of the project sends (its files, the excluded paths left out). */
export async function projectBytes(project: string, exclude: readonly string[] = []): Promise<number> {
  return (await listProject(project, exclude)).bytes;
}

/**
 * The argv of the local tar that writes the listed entries to stdout (run in the project folder): no recursion (the list has
 * every entry), names NUL-separated from a file (each starts with `./`, never read as an option). GNU tar and bsdtar both take it.
 */
export function tarArgv(listFile: string): string[] {
  return ['-c', '-f', '-', '--no-recursion', '--null', '-T', listFile];
}

/** The guest command that unpacks a tar on stdin into "$1" (made first): an argument vector, the path an argument. */
export const UNPACK_STDIN_SNIPPET = 'mkdir -p -- "$1" && exec tar -xf - -C "$1"';

/** The guest command that unpacks the tar file "$1" into "$2" (made first) and removes the tar file. */
export const UNPACK_FILE_SNIPPET = 'mkdir -p -- "$2" && tar -xf "$1" -C "$2" && rm -f -- "$1"';

/** The folder of a new upload in the guest folder `guestDir`: named with this vmbench's owner tag and a random part. */
export async function uploadDir(guestDir: string): Promise<string> {
  return posix.join(guestDir, `${UPLOAD_PREFIX}${await ownerTag()}-${randomBytes(4).toString('hex')}`);
}

/** The project's path inside an upload folder. */
export const uploadedProject = (dir: string): string => posix.join(dir, 'project');

/** A local tar of the project, writing to its stdout: the process group, and the bytes listed. */
export interface LocalTar {
  group: ReturnType<typeof spawnTar>;
  stdout: Readable;
  bytes: number;
  /** Settles with tar's exit code and the end of its stderr once it has ended; removes the list file. */
  done: Promise<{ exitCode: number | null; stderr: string }>;
  /**
   * Stops tar (its process group) and drains what it still writes, for when its reader failed or went away: a child whose
   * stdout is not read to its end never settles (execa waits for the stream), so `done` would hang on a full pipe.
   */
  stop(): void;
}

/** The local tar in a process group of its own (util/process-group.ts): a stop ends it. */
function spawnTar(listFile: string, project: string) {
  // COPYFILE_DISABLE: macOS's bsdtar would otherwise add ._ files of extended attributes.
  return spawnGroup('tar', tarArgv(listFile), {
    cwd: project,
    env: { COPYFILE_DISABLE: '1', LC_ALL: 'C' },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
    buffer: { stdout: false, stderr: true },
    reject: false,
  });
}

/** Starts the local tar of the project (the excluded paths left out); its process group is stopped with the signal. */
export async function startTar(project: string, exclude: readonly string[] | undefined, signal: AbortSignal): Promise<LocalTar> {
  const list = await listProject(project, exclude);
  const dir = await mkdtemp(join(tmpdir(), 'vmbench-upload-'));
  const listFile = join(dir, 'list');
  await writeFile(listFile, list.entries.map((e) => `${e}\0`).join(''));
  const group = spawnTar(listFile, project);
  const out = group.child.stdout as Readable;
  // Taken at once: tar's own stdout is drained by execa when nothing reads it yet (buffer: false), and the first guest call may
  // still be under way; the pass-through keeps it (and pauses tar when it is full).
  const stdout = new PassThrough();
  out.pipe(stdout);
  const stop = (): void => {
    group.stop();
    out.unpipe(stdout);
    out.resume();
    stdout.destroy();
  };
  signal.addEventListener('abort', stop, { once: true });
  if (signal.aborted) stop();
  const done = Promise.resolve(group.child).then(
    async (r) => {
      signal.removeEventListener('abort', stop);
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      const res = r as { exitCode?: number; stderr?: unknown; code?: string };
      const stderr = typeof res.stderr === 'string' ? res.stderr : '';
      return { exitCode: res.exitCode ?? null, stderr: res.code === 'ENOENT' ? 'tar is not installed on this machine' : tail(stderr) };
    },
    async () => {
      await rm(dir, { recursive: true, force: true }).catch(() => undefined);
      return { exitCode: null, stderr: '' };
    },
  );
  return { group, stdout, bytes: list.bytes, done, stop };
}

/** The last lines of a command's stderr, for an error message. */
export function tail(text: string): string {
  return text.trim().split('\n').slice(-3).join(' ').slice(-400);
}

/** An upload's error as a reference of the common catalogue (errors.upload.*), with its English text as the message. */
export function uploadError(
  key: 'mkdir' | 'tar' | 'unpack' | 'noCli' | 'cancelled' | 'timedOut',
  params: Record<string, string | number> = {},
  cause?: unknown,
): Error {
  return Object.assign(new Error(undefined, { cause }), withEnglish(msg(`errors.upload.${key}`, params)), key === 'cancelled' ? { cancelled: true } : {});
}

/** A signal that aborts with `signal` or after `timeoutMs`, when given. */
export function withTimeout(signal: AbortSignal, timeoutMs?: number): AbortSignal {
  return timeoutMs ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : signal;
}
