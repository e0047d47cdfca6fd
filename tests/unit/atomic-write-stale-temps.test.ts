/** sweepStaleTemps: only temp files named by vmbench whose writer is gone are removed. */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicWrite, sweepStaleTemps, sweepStaleTempsUnder, TEMP_NAME } from '../../electron/engine/util/atomic-write.js';

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
