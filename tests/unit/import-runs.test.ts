// An imported run's measurements (a metric's median, min, max and every trial in samples) hold only numbers a
// measurement can have: negative extremes are refused as the positive ones are (the check is on the magnitude),
// and the ways a file can spell "not a number" (1e400 and −1e400 that JSON.parse turns into ±Infinity, "NaN" or
// "Infinity" as strings, null, bare NaN/Infinity that are not JSON) are each refused with their own error.
// −0 is a zero: it is read as 0.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { importRuns, parseImportFile, runDigest } from '../../electron/engine/store/import-runs.js';
import { RunStore } from '../../electron/engine/store/run-store.js';
import { EngineError } from '../../electron/engine/util/errors.js';

const text = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'imports', 'machine-b.json'), 'utf8');
const SENTINEL = 424242.125;

type Where = { label: string; path: string; set: (r: { metrics: Record<string, Record<string, number>>; samples: Record<string, number[]> }) => void };
const R = 'targets[0].results[0]';
const PLACES: Where[] = [
  { label: 'median', path: `${R}.metrics.write_MBps.median`, set: (r) => (r.metrics.write_MBps.median = SENTINEL) },
  { label: 'min', path: `${R}.metrics.write_MBps.min`, set: (r) => (r.metrics.write_MBps.min = SENTINEL) },
  { label: 'max', path: `${R}.metrics.write_MBps.max`, set: (r) => (r.metrics.write_MBps.max = SENTINEL) },
  { label: 'a trial in samples', path: `${R}.samples.write_MBps[1]`, set: (r) => (r.samples.write_MBps[1] = SENTINEL) },
];

/** The fixture export with the number at `where` spelled as `raw` in the file's text. */
function withRaw(where: Where, raw: string): string {
  const run = JSON.parse(text);
  where.set(run.targets[0].results[0]);
  const out = JSON.stringify(run);
  expect(out.split(String(SENTINEL))).toHaveLength(2);
  return out.replace(String(SENTINEL), raw);
}

/** The error parseImportFile throws, as its catalogue key and parameters. */
function refusal(content: string): { key: string; params: Record<string, unknown> } {
  try {
    parseImportFile({ name: 'x.json', content });
  } catch (err) {
    expect(err).toBeInstanceOf(EngineError);
    const ref = (err as EngineError).ref!;
    return { key: ref.key, params: ref.params ?? {} };
  }
  throw new Error('imported, not refused');
}

describe('import: numbers no measurement has are refused wherever a measurement is', () => {
  describe.each(PLACES)('$label', (where) => {
    it.each(['-1e300', '-1e16', '-1000000000000001', '1e16', '1e400', '-1e400'])('%s: badNumber at its path', (raw) => {
      expect(refusal(withRaw(where, raw))).toEqual({ key: 'errors.import.badNumber', params: { name: 'x.json', path: where.path } });
    });

    it.each(['"NaN"', '"Infinity"', '"-Infinity"', 'null'])('%s (not a number): not a vmbench run export, naming the field', (raw) => {
      const r = refusal(withRaw(where, raw));
      expect(r.key).toBe('errors.import.badField');
      expect(r.params.field).toBe(where.path.replace(/\[(\d+)\]/g, '.$1'));
    });

    it.each(['NaN', 'Infinity', '-Infinity'])('bare %s: not JSON', (raw) => {
      expect(refusal(withRaw(where, raw))).toEqual({ key: 'errors.import.notJson', params: { name: 'x.json' } });
    });

    it('-0 is read as a zero measurement', () => {
      const [{ run }] = parseImportFile({ name: 'x.json', content: withRaw(where, '-0') });
      const r = run.targets[0].results[0];
      const v = where.label === 'a trial in samples' ? r.samples.write_MBps[1] : r.metrics.write_MBps[where.label as 'median'];
      expect(v).toBe(0);
      expect(JSON.stringify(v)).toBe('0');
    });
  });

  it('a number at the limit (±1e15) is a number', () => {
    for (const raw of ['1e15', '-1e15']) expect(() => parseImportFile({ name: 'x.json', content: withRaw(PLACES[0], raw) })).not.toThrow();
  });
});

describe('importRuns into a real run store', () => {
  it('stores each run once under an imported- id with its origin; the same file again is a duplicate, a bad one an error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmbench-import-runs-'));
    try {
      const store = new RunStore(dir);
      const when = new Date('2026-11-28T10:00:00.000Z');
      const [first] = await importRuns(store, [{ name: 'machine-b.json', content: text }], {}, when);
      expect(first.error).toBeUndefined();
      expect(first.duplicates).toEqual([]);
      expect(first.imported.map((r) => r.id)).toEqual(['imported-2026-11-26T21-49-24-2-targets']);
      const saved = await store.get('imported-2026-11-26T21-49-24-2-targets');
      expect(saved.origin).toMatchObject({ kind: 'imported', machine: 'linux x64', importedAt: when.toISOString(), sourceId: '2026-11-26T21-49-24-2-targets' });
      expect(saved.origin?.digest).toBe(runDigest(JSON.parse(text) as Run));

      const [again, bad] = await importRuns(store, [
        { name: 'copy.json', content: text },
        { name: 'broken.json', content: '{"runs": [' },
      ]);
      expect(again.imported).toEqual([]);
      expect(again.duplicates).toEqual([{ sourceId: '2026-11-26T21-49-24-2-targets', existing: 'imported-2026-11-26T21-49-24-2-targets' }]);
      expect(bad).toMatchObject({ file: 'broken.json', imported: [], duplicates: [], error: { code: 'invalid-input' } });
      expect((await store.list()).full).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("the machine label: the one asked for first, then the file's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmbench-import-runs-'));
    try {
      const store = new RunStore(dir);
      const run = JSON.parse(text) as Run;
      const [a] = await importRuns(store, [{ name: 'a.json', content: JSON.stringify({ ...run, machine: 'Build box' }) }]);
      expect((await store.get(a.imported[0].id)).origin?.machine).toBe('Build box');
      const other = { ...run, id: 'other-run', startedAt: '2026-11-27T08:00:00.000Z' };
      const [b] = await importRuns(store, [{ name: 'b.json', content: JSON.stringify({ ...other, machine: 'Build box' }) }], { machine: 'Team laptop' });
      expect((await store.get(b.imported[0].id)).origin?.machine).toBe('Team laptop');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
