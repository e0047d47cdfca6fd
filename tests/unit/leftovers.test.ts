// The run-start sweep of the scratch folder (electron/engine/store/leftovers.ts) with a stubbed process table:
// which work folders count as abandoned (owner gone, or pid reused by a process started at another time).
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OWNER_FILE, sweepLeftovers } from '../../electron/engine/store/leftovers.js';

describe('sweepLeftovers', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-leftovers-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const work = async (name: string, owner?: string, bytes = 0): Promise<void> => {
    await mkdir(join(dir, name));
    if (owner !== undefined) await writeFile(join(dir, name, OWNER_FILE), `${owner}\n`);
    if (bytes) await writeFile(join(dir, name, 'data'), Buffer.alloc(bytes));
  };

  it('removes folders of dead pids and of reused pids; keeps live owners, unknown start times and names not ours', async () => {
    const alive = new Set([100, 200, 300, 400]);
    const starts = new Map<number, string | undefined>([
      [100, '5000'], // the owner: started when recorded
      [200, '9999'], // reused: started at another time than recorded
      [300, '5000'], // live, no record (older script, or one that has just made its folder)
      [400, undefined], // live, start time not readable
    ]);
    await work('.vmbench-100-1', '5000');
    await work('.vmbench-200-1', '5000', 3000);
    await work('.vmbench-300-1');
    await work('.vmbench-400-1', '5000');
    await work('.vmbench-500-1', '5000', 1000); // dead
    await work('.vmbench-x-1'); // not our name
    await writeFile(join(dir, '.vmbench-600-1'), 'a file, not a work folder');
    const outside = await mkdtemp(join(tmpdir(), 'vmbench-leftovers-target-'));
    await symlink(outside, join(dir, '.vmbench-700-1'));
    try {
      const swept = await sweepLeftovers(
        dir,
        (pid) => alive.has(pid),
        (pid) => Promise.resolve(starts.get(pid)),
      );
      expect(swept.removed.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
        { name: '.vmbench-200-1', bytes: 3000 + 5 },
        { name: '.vmbench-500-1', bytes: 1000 + 5 },
      ]);
      expect((await readdir(dir)).sort()).toEqual(['.vmbench-100-1', '.vmbench-300-1', '.vmbench-400-1', '.vmbench-600-1', '.vmbench-700-1', '.vmbench-x-1']);
      expect(await readdir(outside)).toEqual([]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
