// One catalogue of tests and metrics: electron/contract/test-catalogue.ts is the only list; every
// other face's list is read from its export here and must equal the catalogue's, and no source file
// under electron/ or src/ writes a list of test ids again (arrays, object keys, union types).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DISK_TESTS } from '../../electron/contract/contract.js';
import { affectedTests } from '../../electron/engine/advisor/affected.js';
import { TEST_IDS as SCHEMA_IDS, runSpecSchema } from '../../electron/engine/api-schemas.js';
import { parseEvent } from '../../electron/engine/transports/ndjson.js';
import { scriptSource } from '../../electron/engine/transports/bench-scripts.js';
import { isFallback } from '../../electron/presentation/headline.js';
import { HEADLINE_METRIC, metricInfo, metricRank } from '../../electron/measurement/metrics.js';
import {
  DEV_TESTS,
  OPT_IN_TESTS,
  RUNNABLE_TESTS,
  SCRIPT_TESTS,
  defaultTests,
  SERVICE_TESTS,
  estimateSec,
  preset,
  runsIn,
  servicePlaces,
  setupEstimateSec,
} from '../../electron/measurement/plan-estimate.js';
import { TEST_CATALOGUE, TEST_IDS, catalogueMetrics, testSpec, type TestSpec } from '../../electron/contract/test-catalogue.js';
import { primaryMetric } from '../../electron/measurement/verdict-family.js';
import { TEST_ORDER } from '../../src/lib/metrics.js';
import { SERVICE_TESTS as UI_SERVICE_TESTS } from '../../src/lib/service-layout.js';
import { chosenTests } from '../../src/store/actions.js';
import { idLists } from '../helpers/id-lists.js';

const ROOT = join(import.meta.dirname, '../..');
const ENTRIES = TEST_CATALOGUE as readonly TestSpec[];
const ofKind = (kind: TestSpec['kind']): string[] => ENTRIES.filter((e) => e.kind === kind).map((e) => e.id);
/** The disk tests a suite runs unasked (not optIn). */
const byDefault = (): string[] => ENTRIES.filter((e) => e.kind === 'disk' && !e.optIn).map((e) => e.id);
const catalogue = (lang: string, ns: string): Record<string, Record<string, unknown>> =>
  JSON.parse(readFileSync(join(ROOT, `src/locales/${lang}/${ns}.json`), 'utf8'));

describe('the test catalogue', () => {
  it('names each test once, with its primary metric among its own metrics and a script that exists', () => {
    expect(new Set(TEST_IDS).size).toBe(ENTRIES.length);
    for (const e of ENTRIES) {
      expect(Object.keys(e.metrics), e.id).toContain(e.primary);
      expect(existsSync(join(ROOT, 'bench-scripts', e.script)), e.script).toBe(true);
      expect(scriptSource(e.id)).toContain(readFileSync(join(ROOT, 'bench-scripts', e.script), 'utf8'));
    }
  });

  it('is the list every face uses: the contract, the zod schemas, the plan, the UI order and switches', () => {
    expect([...SCHEMA_IDS]).toEqual(TEST_IDS);
    expect([...RUNNABLE_TESTS].sort()).toEqual([...TEST_IDS].sort());
    expect(TEST_ORDER).toEqual(TEST_IDS);
    expect([...DISK_TESTS]).toEqual(ofKind('disk'));
    expect([...SCRIPT_TESTS]).toEqual(byDefault());
    expect([...OPT_IN_TESTS]).toEqual(ENTRIES.filter((e) => e.optIn).map((e) => e.id));
    for (const suite of ['quick', 'standard', 'thorough'] as const) for (const t of OPT_IN_TESTS) expect(defaultTests(suite), t).not.toContain(t);
    expect([...DEV_TESTS]).toEqual(ofKind('dev'));
    expect([...SERVICE_TESTS]).toEqual(ofKind('service'));
    expect([...UI_SERVICE_TESTS]).toEqual(ofKind('service'));
    expect(chosenTests(true, true)).toEqual([...byDefault(), ...ofKind('dev'), ...ofKind('service')]);
    expect(affectedTests('vmType')).toEqual(byDefault());
    expect(affectedTests('diskIo')).toEqual(ENTRIES.filter((e) => e.tool === 'fio' && !e.optIn).map((e) => e.id));
    for (const id of TEST_IDS) {
      // The command test runs only with the user's command (RunSpec.command), and alone.
      const command = id === 'command' ? { command: { command: 'git status', project: '/tmp/project' } } : {};
      expect(runSpecSchema.safeParse({ suite: 'quick', tests: [id], ...command }).success, id).toBe(true);
      expect(parseEvent(JSON.stringify({ event: 'progress', test: id, done: 1, total: 3 })).ok, id).toBe(true);
    }
    expect(runSpecSchema.safeParse({ suite: 'quick', tests: ['not-a-test'] }).success).toBe(false);
    expect(runSpecSchema.safeParse({ suite: 'quick', tests: ['command'] }).success).toBe(false);
    expect(runSpecSchema.safeParse({ suite: 'quick', tests: ['seq-write'], command: { command: 'true', project: '/tmp' } }).success).toBe(false);
    expect(parseEvent(JSON.stringify({ event: 'progress', test: 'not-a-test', done: 1, total: 3 })).ok).toBe(false);
  });

  it('says how each fio test is read and what its chart draws, in its own metrics', () => {
    for (const e of ENTRIES) {
      if (e.tool === 'fio') {
        expect(e.fio, e.id).toBeDefined();
        expect(Object.keys(e.fio!.metrics).sort(), e.id).toEqual(Object.keys(e.metrics).sort());
      } else expect(e.fio, e.id).toBeUndefined();
      for (const m of e.chartMetrics ?? []) expect(Object.keys(e.metrics), `${e.id} chartMetrics`).toContain(m);
      if (e.optIn) expect(e.kind, e.id).toBe('disk');
    }
  });

  it('gives the plan its presets, estimates and places', () => {
    for (const e of ENTRIES) {
      for (const suite of ['quick', 'standard', 'thorough'] as const) {
        expect(preset(suite, e.id as never)).toBe(e.presets[suite]);
        expect(estimateSec(suite, e.id as never)).toBe(Math.ceil(e.estimate(e.presets[suite])));
        expect(setupEstimateSec(suite, e.id as never)).toBe(e.setup(e.presets[suite]));
      }
      expect(runsIn(e.id as never, 'guest'), e.id).toBe(!e.hostWritable);
      if (e.kind === 'service')
        expect(servicePlaces(e.id as never, ['shared', 'guest']), e.id).toEqual(e.servicePlaces === 'every' ? ['shared', 'guest'] : ['guest']);
    }
    expect(() => preset('quick', 'not-a-test' as never)).toThrow(/no bench script/);
  });

  it('gives the metric table its units, directions, order and verdict-bearing metric', () => {
    const metrics = catalogueMetrics();
    for (const [name, spec] of metrics) {
      expect(metricInfo(name).direction, name).toBe(spec.direction);
      expect(metricInfo(name).unit, name).toBe(spec.unit);
    }
    expect([...metrics.map(([n]) => n)].sort((a, b) => metricRank(a) - metricRank(b))).toEqual(metrics.map(([n]) => n));
    for (const e of ENTRIES) {
      expect(HEADLINE_METRIC[e.id as keyof typeof HEADLINE_METRIC]).toBe(e.primary);
      expect(primaryMetric(e.id as never, Object.keys(e.metrics).reverse())).toBe(e.primary);
      expect(isFallback({ test: e.id as never, tool: { name: 'dd' } as never })).toBe(e.tool === 'fio');
    }
    expect(testSpec('not-a-test')).toBeUndefined();
  });

  it.each(['en', 'ja'])('has the labels of every test and metric in the %s catalogues', (lang) => {
    const common = catalogue(lang, 'common');
    const ui = catalogue(lang, 'ui');
    const words = (common.headline as Record<string, Record<string, string>>).words;
    for (const e of ENTRIES) {
      expect(common.test[e.id], `common:test.${e.id}`).toEqual(expect.any(String));
      expect(words[e.id], `common:headline.words.${e.id}`).toEqual(expect.any(String));
      for (const [m, spec] of Object.entries(e.metrics)) {
        expect(common.metric[m], `common:metric.${m}`).toEqual(expect.any(String));
        if (spec.tile) expect(ui.tile[m], `ui:tile.${m}`).toEqual(expect.any(String));
      }
      if (e.chart === 'latency') expect((ui.chart.latencyOf as Record<string, string>)[e.id], `ui:chart.latencyOf.${e.id}`).toEqual(expect.any(String));
      if (e.method) expect((common.methodSummary as Record<string, string>)[e.id], `common:methodSummary.${e.id}`).toEqual(expect.any(String));
    }
  });
});

describe('no second list of test ids', () => {
  // The catalogue and its types (test-spec.ts: the chart groups share names with tests).
  const ALLOWED = ['electron/contract/test-catalogue.ts', 'electron/contract/test-spec.ts'];

  it('finds no array, object keys or union type naming two or more tests outside the catalogue (electron/, src/)', () => {
    expect(idLists(ROOT, ['electron', 'src'], TEST_IDS, ALLOWED)).toEqual([]);
  });

  describe('the check itself, on a small tree that writes lists again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vmbench-id-lists-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (file: string, text: string): void => {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    write('electron/a.ts', "export const A = ['seq-write', 'seq-read'];\nexport type T = 'net' | 'redis';\nexport const M = { watch: 1, 'dev-tree': 2 };\n");
    write('src/b.tsx', "export const P = [['seq-write', 'x'], ['seq-read', 'y']];\nexport const Q = [{ test: 'net' }, { test: 'http' }];\n");
    write('src/c.ts', "export const one = (t: string): boolean => t === 'watch' || t === 'net';\nexport const r = { test: 'redis', protocol: 'http' };\n");

    it('names each list (array, tuples, objects, keys, union) and leaves single ids and comparisons alone', () => {
      const hits = idLists(dir, ['electron', 'src'], TEST_IDS).map((h) => h.replace(/: .*/, ''));
      expect(hits).toEqual(['electron/a.ts:1', 'electron/a.ts:2', 'electron/a.ts:3', 'src/b.tsx:1', 'src/b.tsx:2']);
    });
  });
});
