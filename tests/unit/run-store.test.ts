import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { makeRun, result } from '../helpers/make-run.js';

describe('RunStore', () => {
  let dir: string;
  let store: RunStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-store-'));
    store = new RunStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const run1 = makeRun('2026-11-21T10-00-00-local', '2026-11-21T10:00:00.000Z', [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);
  const run2 = makeRun('2026-11-21T11-00-00-local', '2026-11-21T11:00:00.000Z', [result('seq-write', 'native', { write_MBps: [200, 210, 220] })]);

  it('saves atomically and reads back the same run, leaving no temp file', async () => {
    await store.save(run1);
    expect(await store.get(run1.id)).toEqual(run1);
    expect(await readdir(store.dir)).toEqual([`${run1.id}.json`]);
  });

  it('lists newest first with headline numbers', async () => {
    await store.save(run1);
    await store.save(run2);
    const list = await store.list();
    expect(list.runs.map((r) => r.id)).toEqual([run2.id, run1.id]);
    expect(list.runs[0].headline.write_MBps).toBe(210);
    expect(list.warnings).toEqual([]);
  });

  it('skips a corrupted run file with a warning and keeps the others', async () => {
    await store.save(run1);
    await store.save(run2);
    await writeFile(join(store.dir, 'broken.json'), '{"schemaVersion":1,"id":"broken","startedAt":"20');
    await writeFile(join(store.dir, 'wrong-shape.json'), JSON.stringify({ schemaVersion: 1, id: 'x' }));
    await writeFile(join(store.dir, 'future.json'), JSON.stringify({ ...run1, id: 'future', schemaVersion: 99 }));
    const list = await store.list();
    expect(list.runs.map((r) => r.id)).toEqual([run2.id, run1.id]);
    expect(list.warnings).toHaveLength(3);
    expect(list.warnings.join('\n')).toMatch(/broken\.json: it is not valid JSON/);
    expect(list.warnings.join('\n')).toMatch(/future\.json: it was written by a newer vmbench/);
    await expect(store.get('broken')).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('refuses ids that could escape the runs folder', async () => {
    await expect(store.get('../../etc/passwd')).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(store.get('missing')).rejects.toMatchObject({ code: 'not-found' });
  });

  it('makes unique ids for runs started in the same second', async () => {
    const when = new Date('2026-11-21T10:00:00Z');
    const id = await store.newId(when, ['local']);
    expect(id).toBe('2026-11-21T10-00-00-local');
    await store.save({ ...run1, id });
    expect(await store.newId(when, ['local'])).toBe('2026-11-21T10-00-00-local-2');
    expect(await store.newId(when, ['local', 'docker:x'])).toBe('2026-11-21T10-00-00-2-targets');
  });

  it('two stores on the same folder that picked the same id both keep their run: the second takes the next free id', async () => {
    const other = new RunStore(dir);
    const when = new Date('2026-11-21T10:00:00Z');
    // Both computed the id before either had stored (as two processes finishing in the same second would).
    const [idA, idB] = [await store.newId(when, ['local']), await other.newId(when, ['local'])];
    expect(idA).toBe(idB);
    const a = await store.create({ ...run1, id: idA });
    const b = await other.create({ ...run2, id: idB });
    expect([a.id, b.id]).toEqual(['2026-11-21T10-00-00-local', '2026-11-21T10-00-00-local-2']);
    expect(await store.get(a.id)).toEqual(a);
    expect((await store.get(b.id)).targets[0].results[0].samples).toEqual(run2.targets[0].results[0].samples);
    // No temp file stays in runs/.
    expect((await readdir(store.dir)).sort()).toEqual([`${a.id}.json`, `${b.id}.json`].sort());
  });
});
