/**
 * The durability of atomicWrite / atomicWriteSync is in the order of its file-system calls, which no content
 * check sees: the temp file's data must reach the disk (fsync of the temp file) before the rename makes it the
 * file, and the folder must be fsynced after the rename so the new name survives a power loss. Without the first
 * fsync a crash after the rename can leave an empty or partial file under the real name. The fs modules are
 * wrapped here (each call goes on to the real one) and the calls are recorded in order.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as string[]);

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const open: typeof real.open = async (path, ...rest) => {
    const fh = await real.open(path, ...rest);
    const p = String(path);
    const writeFile = fh.writeFile.bind(fh);
    const sync = fh.sync.bind(fh);
    fh.writeFile = async (...a: Parameters<typeof writeFile>) => (calls.push(`write ${p}`), writeFile(...a));
    fh.sync = async () => (calls.push(`fsync ${p}`), sync());
    return fh;
  };
  return {
    ...real,
    open,
    rename: async (a: string, b: string) => (calls.push(`rename ${a} -> ${b}`), real.rename(a, b)),
    link: async (a: string, b: string) => (calls.push(`link ${a} -> ${b}`), real.link(a, b)),
  };
});

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const paths = new Map<number, string>();
  return {
    ...real,
    openSync: (path: string, ...rest: [string, number?]) => {
      const fd = real.openSync(path, ...rest);
      paths.set(fd, String(path));
      return fd;
    },
    writeFileSync: (target: number | string, ...rest: [string | Buffer]) => {
      calls.push(`write ${typeof target === 'number' ? paths.get(target) : target}`);
      return real.writeFileSync(target, ...rest);
    },
    fsyncSync: (fd: number) => (calls.push(`fsync ${paths.get(fd)}`), real.fsyncSync(fd)),
    renameSync: (a: string, b: string) => (calls.push(`rename ${a} -> ${b}`), real.renameSync(a, b)),
    linkSync: (a: string, b: string) => (calls.push(`link ${a} -> ${b}`), real.linkSync(a, b)),
  };
});

const { atomicWrite, atomicWriteSync, TEMP_NAME } = await import('../../electron/engine/util/atomic-write.js');

/** The recorded calls with the temp file's name written as <temp>, so the order reads as a sequence. */
function sequence(file: string): string[] {
  const dir = dirname(file);
  const temps = calls
    .map((c) => /(\S+) ->|(?:write|fsync) (\S+)$/.exec(c))
    .flatMap((m) => (m ? [m[1] ?? m[2]] : []))
    .filter((p) => dirname(p) === dir && TEMP_NAME.test(basename(p)));
  expect(new Set(temps).size).toBe(1);
  return calls.map((c) => c.split(temps[0]).join('<temp>').split(file).join('<file>').split(dir).join('<dir>'));
}

describe('atomic writes reach the disk in order: write → fsync(temp) → rename → fsync(folder)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-atomic-order-'));
    calls.length = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('atomicWrite', async () => {
    const file = join(dir, 'run.json');
    await atomicWrite(file, '{"a":1}');
    expect(sequence(file)).toEqual(['write <temp>', 'fsync <temp>', 'rename <temp> -> <file>', 'fsync <dir>']);
    expect(await readFile(file, 'utf8')).toBe('{"a":1}');
  });

  it('atomicWrite, exclusive: the temp file is fsynced before it is linked into place', async () => {
    const file = join(dir, 'backup.json');
    await atomicWrite(file, 'x', { exclusive: true });
    expect(sequence(file)).toEqual(['write <temp>', 'fsync <temp>', 'link <temp> -> <file>', 'fsync <dir>']);
  });

  it('atomicWriteSync', async () => {
    const file = join(dir, 'window-state.json');
    atomicWriteSync(file, '{"w":800}');
    expect(sequence(file)).toEqual(['write <temp>', 'fsync <temp>', 'rename <temp> -> <file>', 'fsync <dir>']);
    expect(await readFile(file, 'utf8')).toBe('{"w":800}');
  });
});
