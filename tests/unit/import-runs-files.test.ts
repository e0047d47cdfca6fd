// Importing run files as a user does it (electron/engine/store/import-runs.ts): which files are refused and how the
// refusal names them, which shapes of export are read, what id and machine label an imported run gets, and when a run is
// recognised as one already imported (the same content, or the same run of the same machine exported again). A real
// run store in a temp folder, the fixture export of another machine.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, type Run } from '../../electron/contract/contract.js';
import { importRuns, parseImportFile, runDigest } from '../../electron/engine/store/import-runs.js';
import { RunStore } from '../../electron/engine/store/run-store.js';

const text = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'imports', 'machine-b.json'), 'utf8');
const RUN = JSON.parse(text) as Run;
const SOURCE = '2026-11-26T21-49-24-2-targets';

/** The English refusal of a file. */
function refusal(name: string, content: string): string {
  try {
    parseImportFile({ name, content });
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('imported, not refused');
}

/** An object with its keys in reverse order, all the way down. */
function reversed(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reversed);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .reverse()
        .map((k) => [k, reversed((v as Record<string, unknown>)[k])]),
    );
  return v;
}

describe('which files are read', () => {
  it('a file is named in its refusal as the user sees it: control characters removed, cut to 200 characters, or "(unnamed)"', () => {
    expect(refusal('bad\u001b[31m.json', '{')).toBe(
      'Not imported: bad.json is not valid JSON (truncated or damaged). Export the run again and import that file.',
    );
    expect(refusal('', '{')).toMatch(/^Not imported: \(unnamed\) is not valid JSON/);
    expect(refusal(`${'n'.repeat(250)}.json`, '{')).toBe(
      `Not imported: ${'n'.repeat(200)} is not valid JSON (truncated or damaged). Export the run again and import that file.`,
    );
  });

  it('a file larger than any run file is refused before it is read, its size counted in bytes', () => {
    expect(refusal('big.json', ' '.repeat(IMPORT_MAX_BYTES + 1))).toBe('Not imported: big.json is larger than 4 MiB, more than any run file vmbench writes.');
    // At the limit it is read (and here is no JSON).
    expect(refusal('edge.json', ' '.repeat(IMPORT_MAX_BYTES))).toMatch(/is not valid JSON/);
    // Two bytes a character: half as many characters are already too many.
    expect(refusal('wide.json', 'é'.repeat(IMPORT_MAX_BYTES / 2 + 1))).toMatch(/is larger than 4 MiB/);
  });

  it('reads one run, a list of runs, or {"runs": [...]}, with a byte order mark or without', () => {
    const other = { ...RUN, id: 'other', startedAt: '2026-11-27T08:00:00.000Z' };
    expect(parseImportFile({ name: 'one.json', content: '\uFEFF' + text }).map((r) => r.run.id)).toEqual([SOURCE]);
    expect(parseImportFile({ name: 'list.json', content: JSON.stringify([RUN, other]) }).map((r) => r.run.id)).toEqual([SOURCE, 'other']);
    expect(parseImportFile({ name: 'obj.json', content: JSON.stringify({ runs: [other] }) }).map((r) => r.run.id)).toEqual(['other']);
    // "runs" that is not a list is not a list of runs: the object is read as one run, which it is not.
    expect(refusal('odd.json', JSON.stringify({ runs: 'x' }))).toBe('Not imported: odd.json is not a vmbench run export (schemaVersion null).');
  });

  it('a file holding null, or a list with null in it, is no run export', () => {
    expect(refusal('null.json', 'null')).toBe('Not imported: null.json is not a vmbench run export (schemaVersion null).');
    expect(refusal('list.json', '[null]')).toBe('Not imported: list.json is not a vmbench run export (schemaVersion null).');
  });

  it('keeps a zero-width no-break space (U+FEFF) inside a note; only a byte order mark at the start is dropped', () => {
    expect(parseImportFile({ name: 'n.json', content: JSON.stringify({ ...RUN, note: 'a\uFEFFb' }) })[0].run.note).toBe('a\uFEFFb');
    expect(parseImportFile({ name: 'n.json', content: '\uFEFF' + JSON.stringify({ ...RUN, note: 'a\uFEFFb' }) })[0].run.note).toBe('a\uFEFFb');
  });

  it('a file with no run, or more runs than an export holds, is refused', () => {
    expect(refusal('empty.json', '[]')).toBe('Not imported: empty.json holds no run.');
    expect(refusal('empty.json', '{"runs": []}')).toBe('Not imported: empty.json holds no run.');
    const many = (n: number): string => JSON.stringify(Array.from({ length: n }, (_, i) => ({ ...RUN, id: `r${i}` })));
    expect(parseImportFile({ name: 'max.json', content: many(200) })).toHaveLength(200);
    expect(refusal('many.json', many(201))).toBe('Not imported: many.json holds more than 200 runs; export fewer at a time.');
  });

  it('the run that is wrong is named by its place in a list, and a lone run by its file', () => {
    const bad = { ...RUN, schemaVersion: 0 };
    expect(refusal('list.json', JSON.stringify([RUN, bad]))).toBe('Not imported: list.json [2] is not a vmbench run export (schemaVersion 0).');
    expect(refusal('one.json', JSON.stringify(bad))).toBe('Not imported: one.json is not a vmbench run export (schemaVersion 0).');
    expect(refusal('new.json', JSON.stringify({ ...RUN, schemaVersion: 9 }))).toBe(
      'Not imported: new.json was written by a newer vmbench (schema 9); update vmbench to read it.',
    );
  });

  it('keeps the machine label an exporter wrote beside a run, only when it is text', () => {
    expect(parseImportFile({ name: 'a.json', content: JSON.stringify({ ...RUN, machine: 'Build box' }) })[0].machine).toBe('Build box');
    expect(parseImportFile({ name: 'a.json', content: JSON.stringify({ ...RUN, machine: 7 }) })[0]).not.toHaveProperty('machine');
  });
});

describe('the digest that recognises a run imported again', () => {
  it('is the same whatever the key order, name, note or origin, and differs with any measurement or the order of a list', () => {
    const d = runDigest(RUN);
    // Stored in each imported run's origin: the same run gives the same digest in every version.
    expect(d).toBe('e9c93e4612c62f83163d2eff95a906b52371ae562c20307a4e43a15e47d4a4a1');
    expect(runDigest(reversed(RUN) as Run)).toBe(d);
    expect(
      runDigest({
        ...RUN,
        name: 'x',
        note: 'y',
        origin: { kind: 'imported', machine: 'm', importedAt: '2026-01-01T00:00:00Z', digest: '0'.repeat(64), sourceId: 's' },
      }),
    ).toBe(d);
    const changed = structuredClone(RUN);
    changed.targets[0].results[0].samples = Object.fromEntries(
      Object.entries(changed.targets[0].results[0].samples ?? {}).map(([k, v]) => [k, [...v].reverse()]),
    );
    expect(runDigest(changed)).not.toBe(d);
    expect(runDigest({ ...RUN, targets: [...RUN.targets].reverse() })).not.toBe(d);
    expect(runDigest({ ...RUN, finishedAt: '2026-11-26T22:00:00.000Z' })).not.toBe(d);
  });
});

describe('importing into a run store', () => {
  let dir: string;
  let store: RunStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmbench-import-files-'));
    store = new RunStore(dir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('a file whose reading fails unexpectedly (content that is no text) is refused by its name as the user sees it, control characters removed', async () => {
    const [out] = await importRuns(store, [{ name: 'odd\u001b[2J.json', content: 42 as unknown as string }]);
    expect(out.file).toBe('odd.json');
    expect(out.error?.message).toBe('Not imported: odd.json is not valid JSON (truncated or damaged). Export the run again and import that file.');
    expect((await store.list()).full).toEqual([]);
  });

  it('the same run exported again with other content (a later vmbench, a rename) is still the run already imported', async () => {
    await importRuns(store, [{ name: 'a.json', content: text }]);
    const [again] = await importRuns(store, [{ name: 'b.json', content: JSON.stringify({ ...RUN, app: { ...RUN.app, version: '0.2.0' } }) }]);
    expect(again).toEqual({ file: 'b.json', imported: [], duplicates: [{ sourceId: SOURCE, existing: `imported-${SOURCE}` }] });
  });

  it('the same run of the same machine twice in one file, once edited, is stored once', async () => {
    const [out] = await importRuns(store, [{ name: 'twice.json', content: JSON.stringify([RUN, { ...RUN, app: { ...RUN.app, version: '9.9.9' } }]) }]);
    expect(out.imported.map((r) => r.id)).toEqual([`imported-${SOURCE}`]);
    expect(out.duplicates).toEqual([{ sourceId: SOURCE, existing: `imported-${SOURCE}` }]);
  });

  it('the same run twice in one file is stored once', async () => {
    const [out] = await importRuns(store, [{ name: 'twice.json', content: JSON.stringify([RUN, RUN]) }]);
    expect(out.imported.map((r) => r.id)).toEqual([`imported-${SOURCE}`]);
    expect(out.duplicates).toEqual([{ sourceId: SOURCE, existing: `imported-${SOURCE}` }]);
  });

  it('a run this machine measured is recognised by its digest when it comes back from a machine that imported it under another id', async () => {
    await store.save(RUN);
    const origin = { kind: 'imported' as const, machine: 'm', importedAt: '2026-11-27T00:00:00.000Z', digest: runDigest(RUN), sourceId: 'renamed-there' };
    const [out] = await importRuns(store, [{ name: 'back.json', content: JSON.stringify({ ...RUN, id: 'imported-renamed-there', name: 'mine', origin }) }]);
    expect(out).toMatchObject({ imported: [], duplicates: [{ sourceId: 'renamed-there', existing: SOURCE }] });
  });

  it('a run imported elsewhere keeps where it came from: its source id, digest and machine; it comes back as a duplicate', async () => {
    const origin = {
      kind: 'imported' as const,
      machine: 'lab box',
      importedAt: '2026-11-27T00:00:00.000Z',
      digest: 'f'.repeat(64),
      sourceId: 'first-machine-run',
    };
    const [out] = await importRuns(
      store,
      [{ name: 'relay.json', content: JSON.stringify({ ...RUN, id: 'imported-first-machine-run', origin }) }],
      {},
      new Date('2026-11-29T07:00:00.000Z'),
    );
    expect(out.imported.map((r) => r.id)).toEqual(['imported-first-machine-run']);
    expect((await store.get('imported-first-machine-run')).origin).toEqual({ ...origin, importedAt: '2026-11-29T07:00:00.000Z' });
    const [back] = await importRuns(store, [{ name: 'relay.json', content: JSON.stringify({ ...RUN, id: 'x', origin: { ...origin, sourceId: 'other' } }) }]);
    expect(back.duplicates).toEqual([{ sourceId: 'other', existing: 'imported-first-machine-run' }]);
  });

  it("an imported run's id: imported- once, no '..', at most 110 characters", async () => {
    const [out] = await importRuns(store, [
      {
        name: 'ids.json',
        content: JSON.stringify([
          { ...RUN, id: 'imported-abc', startedAt: '2026-11-27T01:00:00.000Z' },
          { ...RUN, id: 'a...b', startedAt: '2026-11-27T02:00:00.000Z' },
          { ...RUN, id: 'x'.repeat(150), startedAt: '2026-11-27T03:00:00.000Z' },
          { ...RUN, id: 'run-imported-2', startedAt: '2026-11-27T04:00:00.000Z' },
        ]),
      },
    ]);
    expect(out.imported.map((r) => r.id)).toEqual(['imported-abc', 'imported-a_b', `imported-${'x'.repeat(101)}`, 'imported-run-imported-2']);
  });

  it('the machine label falls back to the run origin, then to its platform and arch, "?" for an unreadable platform', async () => {
    const origin = { kind: 'imported' as const, machine: 'lab box', importedAt: '2026-11-27T00:00:00.000Z', digest: 'e'.repeat(64), sourceId: 'o1' };
    const files = [
      { name: 'o.json', content: JSON.stringify({ ...RUN, id: 'o1', origin, machine: '\u0007' }) },
      {
        name: 'p.json',
        content: JSON.stringify({ ...RUN, id: 'p1', startedAt: '2026-11-27T05:00:00.000Z', app: { ...RUN.app, platform: 'darwin', arch: 'arm64' } }),
      },
      {
        name: 'q.json',
        content: JSON.stringify({ ...RUN, id: 'q1', startedAt: '2026-11-27T06:00:00.000Z', app: { ...RUN.app, platform: '\u0007', arch: '' } }),
      },
    ];
    const outs = await importRuns(store, files, { machine: '  ' });
    const machines = await Promise.all(outs.map(async (o) => (await store.get(o.imported[0].id)).origin?.machine));
    expect(machines).toEqual(['lab box', 'darwin arm64', '?']);
  });

  it('a file whose content is not text is refused as not JSON, and the other files are still imported', async () => {
    const outs = await importRuns(store, [
      { name: 'binary.json', content: 42 as unknown as string },
      { name: 'ok.json', content: text },
    ]);
    expect(outs[0]).toEqual({
      file: 'binary.json',
      imported: [],
      duplicates: [],
      error: {
        code: 'invalid-input',
        message: 'Not imported: binary.json is not valid JSON (truncated or damaged). Export the run again and import that file.',
        ref: { key: 'errors.import.notJson', params: { name: 'binary.json' } },
      },
    });
    expect(outs[1].imported).toHaveLength(1);
  });
});
