/**
 * The record of folders outside the data folder that a vmbench process writes into (atomic-write.ts): a
 * killed export's temp file beside the user's report is found again at the next start through it.
 * Real files in a temp folder; which pids live is a stub, so a record can belong to a "dead" writer.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicWrite, atomicWriteSync, recordWritesOutside, sweepRecordedWrites, WRITES_RECORD_DIR } from '../../electron/engine/util/atomic-write.js';

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
});
