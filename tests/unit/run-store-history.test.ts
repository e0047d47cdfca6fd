// The run history as a user meets it (electron/engine/store/run-store.ts): how a run file is kept on disk, what the
// list shows and in which order, which files it passes over silently and which it names with the problem that matters,
// the errors of get and remove, the ids it makes, and the machine label of an imported run. Real files in a temp folder.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { makeRun, result } from '../helpers/make-run.js';

const at = (h: number): string => `2026-11-21T${String(h).padStart(2, '0')}:00:00.000Z`;
const runAt = (id: string, h: number): Run => makeRun(id, at(h), [result('seq-write', 'native', { write_MBps: [100, 110, 120] })]);

describe('the run history on disk', () => {
  let dir: string;
  let store: RunStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-history-'));
    store = new RunStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('a run file is indented JSON ending in a newline, readable by its owner only (it names hosts and folders)', async () => {
    const saved = runAt('saved-run', 10);
    const file = await store.save(saved);
    // The history is the data folder's runs/ folder (the CLI, the app and an import all read it there).
    expect(file).toBe(join(dir, 'runs', 'saved-run.json'));
    const created = await store.create(runAt('created-run', 11));
    for (const [path, run] of [
      [file, saved],
      [join(store.dir, 'created-run.json'), created],
    ] as const) {
      expect(await readFile(path, 'utf8')).toBe(JSON.stringify(run, null, 2) + '\n');
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    }
  });

  it('a data folder where nothing was measured yet lists no runs and no warnings, and its first id is the plain one', async () => {
    expect(await store.list()).toEqual({ runs: [], warnings: [], full: [] });
    expect(await store.newId(new Date('2026-11-21T10:00:00Z'), ['local'])).toBe('2026-11-21T10-00-00-local');
  });

  it('lists newest first, and runs started at the same moment by id, newest id first, whatever the order on disk', async () => {
    // Saved in an order that is neither the file names' nor the times'.
    for (const r of [runAt('m-late', 12), runAt('a-early', 9), runAt('z-middle', 10), runAt('tie', 11), runAt('tie-2', 11)]) await store.save(r);
    const list = await store.list();
    expect(list.runs.map((r) => r.id)).toEqual(['m-late', 'tie-2', 'tie', 'z-middle', 'a-early']);
    expect(list.full.map((r) => r.id)).toEqual(['m-late', 'tie-2', 'tie', 'z-middle', 'a-early']);
    // Ids in capitals and small letters, whose file names a folder may list in another order than the ids': the time decides.
    const cased = new RunStore(join(dir, 'other'));
    for (const [id, h] of [
      ['C', 10],
      ['a', 9],
      ['d', 11],
      ['B', 8],
    ] as const)
      await cased.save(runAt(id, h));
    expect((await cased.list()).runs.map((r) => r.id)).toEqual(['d', 'C', 'a', 'B']);
    // A clean history carries no list of skipped files.
    expect(list).not.toHaveProperty('skipped');
  });

  it('passes over files that are not run files (a note, an editor backup, a hidden temp file) without a warning', async () => {
    await store.save(runAt('kept', 10));
    await writeFile(join(store.dir, 'README.txt'), 'my notes');
    await writeFile(join(store.dir, 'kept.json~'), 'not json');
    await writeFile(join(store.dir, '.kept.json'), 'half a write');
    const list = await store.list();
    expect(list.runs.map((r) => r.id)).toEqual(['kept']);
    expect(list.warnings).toEqual([]);
  });

  it('a folder named like a run file is skipped with one warning that names it', async () => {
    await store.save(runAt('kept', 10));
    await mkdir(join(store.dir, 'odd.json'));
    const list = await store.list();
    expect(list.runs.map((r) => r.id)).toEqual(['kept']);
    expect(list.warnings).toHaveLength(1);
    expect(list.warnings[0]).toMatch(/^Skipped run file odd\.json: .*EISDIR/);
    expect(list.skipped).toEqual([
      { message: list.warnings[0], ref: { key: 'errors.store.unreadable', params: { name: 'odd.json', error: expect.stringMatching(/EISDIR/) } } },
    ]);
  });

  it('names the problem that matters first, with the reference the UI translates: newer, unknown version, then the id, then the field', async () => {
    const base = runAt('x', 10);
    const files: Record<string, unknown> = {
      'newer.json': { ...base, id: 'other', schemaVersion: 2 },
      'zero.json': { ...base, id: 'other', schemaVersion: 0 },
      'text-version.json': { ...base, id: 'other', schemaVersion: '1' },
      'text-newer.json': { ...base, id: 'text-newer', schemaVersion: '2' },
      'none.json': { ...base, id: 'none', schemaVersion: undefined },
      'null.json': null,
      'named.json': { ...base, id: 'other' },
      'field.json': { ...base, id: 'field', targets: [{ ...base.targets[0], id: 7 }] },
    };
    await mkdir(store.dir, { recursive: true });
    for (const [name, data] of Object.entries(files)) await writeFile(join(store.dir, name), JSON.stringify(data));
    const list = await store.list();
    const why = (name: string): string | undefined => list.warnings.find((w) => w.startsWith(`Skipped run file ${name}:`));
    expect(why('newer.json')).toBe('Skipped run file newer.json: it was written by a newer vmbench (schema 2); update vmbench to read it.');
    expect(why('zero.json')).toBe('Skipped run file zero.json: schemaVersion 0 is not a version vmbench ever wrote.');
    expect(why('text-version.json')).toBe('Skipped run file text-version.json: schemaVersion "1" is not a version vmbench ever wrote.');
    expect(why('text-newer.json')).toBe('Skipped run file text-newer.json: schemaVersion "2" is not a version vmbench ever wrote.');
    expect(why('none.json')).toBe('Skipped run file none.json: schemaVersion null is not a version vmbench ever wrote.');
    expect(why('null.json')).toBe('Skipped run file null.json: schemaVersion null is not a version vmbench ever wrote.');
    expect(why('named.json')).toBe('Skipped run file named.json: it holds run id "other", not the id in its file name; rename it to <id>.json.');
    expect(why('field.json')).toMatch(/^Skipped run file field\.json: targets\.0\.id invalid input/);
    expect(list.warnings).toHaveLength(Object.keys(files).length);
    expect(list.runs).toEqual([]);
    const refs = Object.fromEntries((list.skipped ?? []).map((s) => [s.ref?.params?.name, s.ref]));
    expect(refs['newer.json']).toEqual({ key: 'errors.store.newer', params: { name: 'newer.json', version: 2 } });
    expect(refs['named.json']).toEqual({ key: 'errors.store.idMismatch', params: { name: 'named.json', id: '"other"' } });
    expect(refs['field.json']).toMatchObject({ key: 'errors.store.badField', params: { name: 'field.json', field: 'targets.0.id' } });
    // get says the same of one file.
    await expect(store.get('named')).rejects.toMatchObject({ code: 'corrupt', message: why('named.json') });
    await expect(store.get('null')).rejects.toMatchObject({ code: 'corrupt', message: why('null.json') });
  });

  it('keeps a note with a zero-width no-break space (U+FEFF) inside it; only a byte order mark at the start is dropped', async () => {
    const run = { ...runAt('noted', 10), note: 'before\uFEFFafter' };
    await store.save(run);
    expect((await store.get('noted')).note).toBe('before\uFEFFafter');
  });

  it('get and remove say which id is invalid or missing, and change nothing', async () => {
    await store.save(runAt('kept', 10));
    for (const op of [(id: string) => store.get(id), (id: string) => store.remove(id)]) {
      await expect(op('../kept')).rejects.toMatchObject({ code: 'invalid-input', message: '"../kept" is not a valid run id' });
      await expect(op('gone')).rejects.toMatchObject({ code: 'not-found', message: 'No run with id gone. `vmbench runs` lists the stored runs.' });
    }
    expect((await store.list()).runs.map((r) => r.id)).toEqual(['kept']);
  });

  it('makes ids a file name can hold from any target name, and takes the next free number after those taken', async () => {
    const when = new Date('2026-11-21T10:00:00Z');
    expect(await store.newId(when, ['Docker:ctx/my vm'])).toBe('2026-11-21T10-00-00-Docker_ctx_my_vm');
    expect(await store.newId(when, ['lima:Dev-1.2_x'])).toBe('2026-11-21T10-00-00-lima_Dev-1.2_x');
    await store.save(runAt('2026-11-21T10-00-00-local', 10));
    await store.save(runAt('2026-11-21T10-00-00-local-2', 10));
    expect(await store.newId(when, ['local'])).toBe('2026-11-21T10-00-00-local-3');
    // A target whose name holds ".json" inside it: the taken id is still recognised.
    await store.save(runAt('2026-11-21T10-00-00-my.jsonb', 10));
    expect(await store.newId(when, ['my.jsonb'])).toBe('2026-11-21T10-00-00-my.jsonb-2');
  });

  it('a run that cannot be written is reported as such, not retried under other ids', async () => {
    const unwritable = { ...runAt('cannot', 10), note: 10n as unknown as string };
    await expect(store.create(unwritable)).rejects.toThrow(/BigInt/);
    expect((await store.list()).warnings).toEqual([]);
  });

  it("an imported run's machine label can be changed (other origin fields kept), a label that cleans to nothing keeps the old one, and a local run has none", async () => {
    const origin = { kind: 'imported' as const, machine: 'old box', importedAt: at(12), digest: 'a'.repeat(64), sourceId: 'src-run' };
    await store.save({ ...runAt('imported-x', 10), origin });
    await store.save(runAt('local-y', 10));
    expect(await store.annotate('imported-x', { machine: '  lab   box 2 ' })).toMatchObject({ id: 'imported-x' });
    expect((await store.get('imported-x')).origin).toEqual({ ...origin, machine: 'lab box 2' });
    await store.annotate('imported-x', { machine: '   ' });
    expect((await store.get('imported-x')).origin).toEqual({ ...origin, machine: 'lab box 2' });
    await expect(store.annotate('local-y', { machine: 'lab' })).rejects.toMatchObject({
      code: 'invalid-input',
      message: 'Run local-y was measured on this machine; only an imported run has a machine label to change.',
    });
    expect(await store.get('local-y')).toEqual(runAt('local-y', 10));
  });
});
