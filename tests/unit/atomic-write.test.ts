/**
 * The record of folders outside the data folder that a vmbench process writes into (atomic-write.ts): a
 * killed export's temp file beside the user's report is found again at the next start through it.
 * Real files in a temp folder; which pids live is a stub, so a record can belong to a "dead" writer.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { atomicWrite, atomicWriteSync, recordWritesOutside, sweepRecordedWrites, syncDir, WRITES_RECORD_DIR } from '../../electron/engine/util/atomic-write.js';

let base: string;
let data: string;
let outside: string;
const records = (): string => join(data, WRITES_RECORD_DIR);
const lines = async (file: string): Promise<unknown[]> =>
  (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'vmbench-atomic-record-'));
  data = join(base, 'data');
  outside = join(base, 'Desktop');
  await mkdir(data);
  await mkdir(outside);
  recordWritesOutside(data);
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('writes outside the data folder are recorded', () => {
  it('names the folder once, before the write, for the async and the sync writer; writes inside the data folder are not recorded', async () => {
    await atomicWrite(join(outside, 'report.md'), 'a');
    await atomicWrite(join(outside, 'report.csv'), 'b');
    atomicWriteSync(join(outside, 'card.svg'), 'c');
    await atomicWrite(join(data, 'runs.json'), '{}');
    await mkdir(join(data, 'runs'));
    await atomicWrite(join(data, 'runs', 'r.json'), '{}');
    expect(await readdir(records())).toEqual([`${process.pid}.folders`]);
    expect(await lines(join(records(), `${process.pid}.folders`))).toEqual([outside]);

    const other = join(base, 'elsewhere');
    await mkdir(other);
    atomicWriteSync(join(other, 'x'), 'x');
    expect(await lines(join(records(), `${process.pid}.folders`))).toEqual([outside, other]);
  });

  it('writes only inside the data folder make no record folder, async or sync', async () => {
    await atomicWrite(join(data, 'runs.json'), '{}');
    atomicWriteSync(join(data, 'window.json'), '{}');
    expect((await readdir(data)).sort()).toEqual(['runs.json', 'window.json']);
  });

  it('each new folder outside is added to the record, by the async writer too', async () => {
    const second = join(base, 'Documents');
    await mkdir(second);
    await atomicWrite(join(outside, 'a.md'), 'a');
    await atomicWrite(join(second, 'b.md'), 'b');
    expect(await lines(join(records(), `${process.pid}.folders`))).toEqual([outside, second]);
  });

  it.runIf(existsSync('/proc/self/fd'))('leaves no file open: each write, record and folder fsync closes what it opened', async () => {
    const open = (): number => readdirSync('/proc/self/fd').length;
    const folders = await Promise.all(Array.from({ length: 20 }, (_, i) => mkdtemp(join(base, `out-${i}-`))));
    const before = open();
    for (const [i, f] of folders.entries()) {
      // A new folder outside each time: its record is written too.
      if (i % 2) atomicWriteSync(join(f, 'x'), 'x');
      else await atomicWrite(join(f, 'x'), 'x');
      await syncDir(f);
    }
    expect(open()).toBeLessThanOrEqual(before + 2);
  });

  it("a data folder's sibling with the same prefix is outside it", async () => {
    const sibling = `${data}-old`;
    await mkdir(sibling);
    await atomicWrite(join(sibling, 'f'), 'x');
    expect(await lines(join(records(), `${process.pid}.folders`))).toEqual([sibling]);
  });
});

describe('sweepRecordedWrites', () => {
  const dead = 4_000_001;
  const alive = 4_000_002;
  const isAlive = (pid: number): boolean => pid !== dead;

  it("removes a dead writer's temp files in the folders its record names, then the record; a live writer's record and temp files stay", async () => {
    const stale = `.report.md.vmbench-tmp-${dead}-0123456789ab`;
    const live = `.notes.md.vmbench-tmp-${alive}-0123456789ab`;
    const foreign = '.report.md.5f3a9c1e2b7d.tmp';
    for (const n of [stale, live, foreign, 'report.md']) await writeFile(join(outside, n), 'x');
    const liveFolder = join(base, 'live-writer');
    await mkdir(liveFolder);
    await writeFile(join(liveFolder, `.a.vmbench-tmp-${dead}-0123456789ab`), 'x');
    await mkdir(records(), { recursive: true });
    // A cut last line, a relative path and a non-string are passed over.
    await writeFile(join(records(), `${dead}.folders`), `${JSON.stringify(outside)}\n"relative/dir"\n42\n"${outside.slice(0, 5)}`);
    await writeFile(join(records(), `${alive}.folders`), `${JSON.stringify(liveFolder)}\n`);
    await writeFile(join(records(), 'notes.txt'), 'not a record');

    const removed = await sweepRecordedWrites(isAlive);
    expect(removed).toEqual([join(outside, stale)]);
    expect((await readdir(outside)).sort()).toEqual([live, foreign, 'report.md'].sort());
    expect((await readdir(records())).sort()).toEqual([`${alive}.folders`, 'notes.txt']);
    expect(await readdir(liveFolder)).toHaveLength(1);
  });

  it("never removes this process's own record, even when the stub calls every pid dead", async () => {
    await atomicWrite(join(outside, 'report.md'), 'a');
    await sweepRecordedWrites(() => false);
    expect(await readdir(records())).toEqual([`${process.pid}.folders`]);
  });

  it('with no record folder, removes nothing', async () => {
    expect(await sweepRecordedWrites(isAlive)).toEqual([]);
  });

  it('a record that cannot be read (a folder by that name) is passed over', async () => {
    await mkdir(join(records(), `${dead}.folders`), { recursive: true });
    expect(await sweepRecordedWrites(isAlive)).toEqual([]);
  });

  it('a relative folder in a record is never swept, even where it exists below the current folder', async () => {
    const rel = await mkdtemp('vmbench-record-rel-');
    try {
      const stale = `.r.vmbench-tmp-${dead}-0123456789ab`;
      await writeFile(join(rel, stale), 'x');
      await mkdir(records(), { recursive: true });
      await writeFile(join(records(), `${dead}.folders`), `${JSON.stringify(rel)}\n`);
      expect(await sweepRecordedWrites(isAlive)).toEqual([]);
      expect(await readdir(rel)).toEqual([stale]);
    } finally {
      await rm(rel, { recursive: true, force: true });
    }
  });
});

describe('sweepRecordedWrites in a process that has named no data folder', () => {
  // A fresh copy of the module (no engine yet), loaded before the test rather than in it: a module evaluated inside a
  // test makes Stryker count its module-level constants (TEMP_NAME, the record's name) as reached by that test alone,
  // and run only it against their mutants (npm run mutate).
  let fresh: typeof import('../../electron/engine/util/atomic-write.js');
  beforeAll(async () => {
    vi.resetModules();
    fresh = await import('../../electron/engine/util/atomic-write.js');
  });

  it('before any data folder is named (no engine yet), removes nothing', async () => {
    expect(await fresh.sweepRecordedWrites(() => false)).toEqual([]);
  });
});
