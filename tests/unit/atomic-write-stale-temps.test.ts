/** sweepStaleTemps: only temp files named by vmbench whose writer is gone are removed; and what an atomic write keeps (mode, an exclusive file, a long name). */
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicWrite, atomicWriteSync, sweepStaleTemps, sweepStaleTempsUnder, TEMP_NAME } from '../../electron/engine/util/atomic-write.js';

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('stale temp files of interrupted writes', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-temps-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("removes a dead writer's temp file, keeps a live one's, a folder and names that are not ours", async () => {
    const dead = deadPid();
    const names = {
      dead: `.report.md.vmbench-tmp-${dead}-0123456789ab`,
      live: `.report.md.vmbench-tmp-${process.pid}-0123456789ab`,
      oldStyle: '.report.md.0123456789ab.tmp',
      noDot: `report.md.vmbench-tmp-${dead}-0123456789ab`,
      user: 'report.md',
    };
    for (const n of Object.values(names)) await writeFile(join(dir, n), 'x');
    const deadFolder = `.cache.vmbench-tmp-${dead}-abcdefabcdef`;
    await mkdir(join(dir, deadFolder));
    expect(await sweepStaleTemps(dir)).toEqual([names.dead]);
    expect((await readdir(dir)).sort()).toEqual([names.live, names.oldStyle, names.noDot, names.user, deadFolder].sort());
  });

  it('asks whether the writer lives, and treats this process as alive whatever the answer', async () => {
    const mine = `.a.vmbench-tmp-${process.pid}-0123456789ab`;
    await writeFile(join(dir, mine), 'x');
    await writeFile(join(dir, '.b.vmbench-tmp-4242-0123456789ab'), 'x');
    expect(await sweepStaleTemps(dir, () => false)).toEqual(['.b.vmbench-tmp-4242-0123456789ab']);
    expect(await readdir(dir)).toEqual([mine]);
    await writeFile(join(dir, '.b.vmbench-tmp-4242-0123456789ab'), 'x');
    expect(await sweepStaleTemps(dir, () => true)).toEqual([]);
  });

  it('the next atomicWrite into the folder sweeps it; its own temp names are recognisable', async () => {
    const stale = `.report.md.vmbench-tmp-${deadPid()}-0123456789ab`;
    await writeFile(join(dir, stale), 'half');
    await atomicWrite(join(dir, 'other.json'), '{}\n');
    expect(await readdir(dir)).toEqual(['other.json']);
    expect(TEMP_NAME.test(`.other.json.vmbench-tmp-${process.pid}-0123456789ab`)).toBe(true);
  });

  it('at start, the data folder and the folders below it are swept', async () => {
    const dead = deadPid();
    await mkdir(join(dir, 'backups', '2026-01-01T00-00-00-000Z-0123456789abcdef'), { recursive: true });
    await mkdir(join(dir, 'runs'));
    const files = [
      join(dir, `.detect.json.vmbench-tmp-${dead}-0123456789ab`),
      join(dir, 'runs', `.r.json.vmbench-tmp-${dead}-0123456789ab`),
      join(dir, 'backups', '2026-01-01T00-00-00-000Z-0123456789abcdef', `.colima.yaml.vmbench-tmp-${dead}-0123456789ab`),
    ];
    for (const f of files) await writeFile(f, 'x');
    expect((await sweepStaleTempsUnder(dir)).sort()).toEqual(files.sort());
  });
});

describe('the synchronous writer and the sweep below a folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-temps-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("atomicWriteSync sweeps a dead writer's temp file and keeps a live one's and a folder", async () => {
    const dead = `.a.vmbench-tmp-${deadPid()}-0123456789ab`;
    const live = `.a.vmbench-tmp-${process.pid}-0123456789ab`;
    const folder = `.b.vmbench-tmp-${deadPid()}-abcdefabcdef`;
    await writeFile(join(dir, dead), 'x');
    await writeFile(join(dir, live), 'x');
    await mkdir(join(dir, folder));
    atomicWriteSync(join(dir, 'a'), 'new');
    expect((await readdir(dir)).sort()).toEqual([live, folder, 'a'].sort());
  });

  it("a link named like a dead writer's temp file is not ours: neither sweep removes it", async () => {
    const link = `.report.md.vmbench-tmp-${deadPid()}-0123456789ab`;
    await writeFile(join(dir, 'target'), 't');
    await symlink(join(dir, 'target'), join(dir, link));
    expect(await sweepStaleTemps(dir)).toEqual([]);
    atomicWriteSync(join(dir, 'f'), 'x');
    expect((await readdir(dir)).sort()).toEqual([link, 'f', 'target'].sort());
  });

  it('atomicWriteSync into a folder that does not exist fails as the file system says (ENOENT)', () => {
    expect(() => atomicWriteSync(join(dir, 'missing', 'f'), 'x')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });

  it('sweeps the folder and two levels below it, not deeper', async () => {
    const name = `.f.vmbench-tmp-${deadPid()}-0123456789ab`;
    const levels = [dir, join(dir, 'a'), join(dir, 'a', 'b'), join(dir, 'a', 'b', 'c')];
    await mkdir(levels[3], { recursive: true });
    for (const d of levels) await writeFile(join(d, name), 'x');
    expect((await sweepStaleTempsUnder(dir)).sort()).toEqual(
      levels
        .slice(0, 3)
        .map((d) => join(d, name))
        .sort(),
    );
    expect(await readdir(levels[3])).toContain(name);
    expect(await sweepStaleTempsUnder(join(dir, 'missing'))).toEqual([]);
  });
});

describe('what atomic writes keep', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-write-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("a file's permissions survive a rewrite, async and sync; a new file gets the given mode", async () => {
    const file = join(dir, 'secret.json');
    await writeFile(file, 'old');
    await chmod(file, 0o600);
    await atomicWrite(file, 'new');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    atomicWriteSync(file, 'newer');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toBe('newer');
    atomicWriteSync(join(dir, 'fresh'), 'x', { mode: 0o640 });
    expect((await stat(join(dir, 'fresh'))).mode & 0o777).toBe(0o640);
  });

  it('an exclusive write never replaces a file, sync or not, and leaves no temp file', async () => {
    const file = join(dir, 'run.json');
    atomicWriteSync(file, 'first', { exclusive: true });
    expect(() => atomicWriteSync(file, 'second', { exclusive: true })).toThrow(/EEXIST/);
    await expect(atomicWrite(file, 'third', { exclusive: true })).rejects.toThrow(/EEXIST/);
    expect(await readFile(file, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['run.json']);
  });

  it('writes a file whose name is as long as a name may be', async () => {
    const file = join(dir, `${'n'.repeat(250)}.json`);
    await atomicWrite(file, 'a');
    atomicWriteSync(file, 'b');
    expect(await readFile(file, 'utf8')).toBe('b');
    expect(await readdir(dir)).toEqual([basename(file)]);
  });
});
