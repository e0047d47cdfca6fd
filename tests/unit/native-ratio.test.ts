// The one ratio to native (electron/measurement/native-ratio.ts) through every face: the CLI table, the
// Markdown and CSV exports, the UI's table rows, the headline sentences and the team table divide by the
// same native result, for a run with two targets, a run whose native sits on a target not called "local",
// a run with no native at all, a run with two native-carrying targets (where each face used to pick its
// own: the first, the last, or the local one), and two imported runs that measured only This machine.
// The runs are real exports (tests/fixtures/imports, SOURCES.txt), reshaped by removing or renaming
// targets; no number is edited.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run, TargetRun } from '../../electron/contract/contract.js';
import { runTable } from '../../electron/cli/summary.js';
import { runToCsv } from '../../electron/engine/report/csv.js';
import { runToMarkdown } from '../../electron/engine/report/markdown.js';
import { teamTable } from '../../electron/engine/team.js';
import { teamToMarkdown } from '../../electron/engine/report/team-export.js';
import { formatRatio } from '../../electron/presentation/format.js';
import { runHeadlines, samplesOf } from '../../electron/presentation/headline.js';
import { HEADLINE_METRIC } from '../../electron/measurement/metrics.js';
import { baselineTarget, isBaseline, medianRatio, nativeMedian, nativeResult } from '../../electron/measurement/native-ratio.js';
import { tableRows } from '../../src/lib/run-data';

const load = (n: 'a' | 'b'): Run => JSON.parse(readFileSync(new URL(`../fixtures/imports/machine-${n}.json`, import.meta.url), 'utf8')) as Run;
const imported = (run: Run, machine: string): Run => ({
  ...run,
  origin: { kind: 'imported', machine, importedAt: '2026-11-27T00:00:00.000Z', digest: '0'.repeat(64), sourceId: run.id },
});
const local = (run: Run): TargetRun => run.targets.find((t) => t.id === 'local')!;
const guest = (run: Run): TargetRun => run.targets.find((t) => t.id !== 'local')!;

/** Two targets: This machine and a Lima guest (shared folder and guest disk). */
const twoTargets = load('a');
/** The same, with This machine's target renamed: its native results still are the baseline. */
const renamed: Run = { ...twoTargets, targets: [guest(twoTargets), { ...local(twoTargets), id: 'host', label: 'Build host' }] };
/** No native result at all: nothing to divide by, anywhere. */
const noNative: Run = { ...twoTargets, targets: [guest(twoTargets)] };
/** A second target with native results before This machine (machine b's host): This machine's are the baseline. */
const twoNatives: Run = { ...twoTargets, targets: [{ ...local(load('b')), id: 'other-host' }, ...twoTargets.targets] };

/** Geometric mean of a result's trials over the baseline's (the verdict's estimator). */
function geoRatio(run: Run, t: TargetRun, place: string, test: string, metric: string): number {
  const r = t.results.find((x) => x.place === place && x.test === test)!;
  const base = nativeResult(run, r.test, metric)!;
  const gm = (xs: number[]): number => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
  return gm(samplesOf(r, metric)) / gm(samplesOf(base, metric));
}

/** Every metric of every result of a run: [target, place, test, metric, median]. */
function cellsOf(run: Run): [TargetRun, string, string, string, number][] {
  return run.targets.flatMap((t) =>
    t.results.flatMap((r) => Object.entries(r.metrics).map(([m, s]) => [t, r.place, r.test, m, s.median] as [TargetRun, string, string, string, number])),
  );
}

/** The CLI table's "vs native" cell of a row (the last column), by target, place label, test and metric. */
function cliRatio(table: string, target: string, place: string, test: string, metric: string): string {
  const placeWord = { native: 'native', shared: 'shared folder', guest: 'guest disk', volume: 'volume' }[place]!;
  const line = table.split('\n').find((l) => {
    const cols = l.trim().split(/\s{2,}/);
    return cols[0] === target && cols[1] === placeWord && cols[2] === test && cols[3] === metric;
  });
  expect(line, `${target} ${place} ${test} ${metric} in the CLI table`).toBeDefined();
  return line!
    .trim()
    .split(/\s{2,}/)
    .pop()!;
}

describe('one ratio to native through every face', () => {
  for (const [name, run, baseId] of [
    ['two targets', twoTargets, 'local'],
    ['This machine renamed', renamed, 'host'],
    ['two targets with native results', twoNatives, 'local'],
    ['no native result', noNative, undefined],
  ] as const) {
    it(`${name}: the CLI table, Markdown, CSV and the UI's rows give median ÷ the baseline's median`, () => {
      expect(baselineTarget(run)?.id).toBe(baseId);
      const cli = runTable(run);
      const md = runToMarkdown(run);
      const csv = runToCsv(run).trim().split('\r\n');
      const head = csv[0].split(',');
      const ui = tableRows(run).filter((r) => r.kind === 'metric');
      let ratios = 0;
      for (const [t, place, test, metric, median] of cellsOf(run)) {
        const expected = isBaseline(run, t, place as never) ? null : baseId === undefined ? null : median / nativeMedian(run, test as never, metric)!;
        expect(medianRatio(run, t, place as never, test as never, metric, median)).toBe(expected);
        if (expected !== null) ratios++;
        // CLI
        expect(cliRatio(cli, t.id, place, test, metric)).toBe(expected === null ? '—' : formatRatio(expected, 'en'));
        // CSV: the baseline reads 1, a missing ratio is empty.
        const row = csv
          .slice(1)
          .map((l) => l.split(','))
          .find(
            (c) =>
              c[head.indexOf('target')] === t.id &&
              c[head.indexOf('place')] === place &&
              c[head.indexOf('test')] === test &&
              c[head.indexOf('metric')] === metric,
          )!;
        const csvRatio = row[head.indexOf('ratio_to_native')];
        if (isBaseline(run, t, place as never)) expect(csvRatio).toBe('1');
        else if (expected === null) expect(csvRatio).toBe('');
        else expect(Number(csvRatio)).toBeCloseTo(expected, 3); // CSV writes 4 decimals
        // UI
        const uiRow = ui.find((r) => r.target.id === t.id && r.place === place && r.test === test && r.metric === metric)!;
        expect(uiRow.kind === 'metric' && uiRow.ratio).toBe(expected);
        // Markdown: the formatted ratio appears in the target's section.
        if (expected !== null) expect(md).toContain(formatRatio(expected, 'en'));
      }
      // The cases that have a baseline divide something; the one without divides nothing.
      expect(ratios > 0).toBe(baseId !== undefined);
    });

    it(`${name}: the headline and the team table give the same ratio of geometric means against the same baseline`, () => {
      const heads = runHeadlines(run);
      const team = teamTable([run]);
      if (baseId === undefined) {
        expect(heads).toEqual([]);
        expect(team.rows.every((r) => !r.baseline && Object.values(r.ratios).every((v) => v === null))).toBe(true);
        return;
      }
      expect(heads.length).toBeGreaterThan(0);
      for (const h of heads) {
        const t = run.targets.find((x) => x.id === h.target)!;
        const row = team.rows.find((r) => r.target === h.target && r.place === h.place)!;
        for (const p of h.parts) {
          const expected = geoRatio(run, t, h.place, p.test, p.metric);
          expect(p.ratio).toBeCloseTo(expected, 10);
          expect(row.ratios[p.metric]!.ratio).toBeCloseTo(expected, 10);
          expect(p.metric).toBe(HEADLINE_METRIC[p.test]);
        }
      }
      // The baseline is a row of the team table, not a place with a headline.
      expect(team.rows.filter((r) => r.baseline).map((r) => r.target)).toEqual([baseId]);
      expect(heads.some((h) => h.target === baseId && h.place === 'native')).toBe(false);
    });
  }

  it('two imported runs that measured only This machine: the team table shows each machine\'s native, not "nothing to divide by"', () => {
    const onlyHost = (run: Run, machine: string): Run => imported({ ...run, targets: [local(run)] }, machine);
    const [a, b] = [onlyHost(load('a'), 'Machine A'), onlyHost(load('b'), 'Machine B')];
    const team = teamTable([a, b]);
    expect(team.rows.map((r) => [r.machine, r.target, r.place, r.baseline])).toEqual([
      ['Machine A', 'local', 'native', true],
      ['Machine B', 'local', 'native', true],
    ]);
    for (const [row, run] of [
      [team.rows[0], a],
      [team.rows[1], b],
    ] as const) {
      for (const m of team.metrics) {
        const test = local(run).results.find((r) => r.metrics[m])!.test;
        expect(row.medians[m]).toBe(nativeMedian(run, test, m));
        expect(row.ratios[m]).toEqual({ ratio: 1, ci: null });
      }
    }
    expect(team.metrics).toEqual(['write_MBps', 'read_iops', 'create_per_s']);
    expect(team.fastest).toBeNull();
    // The Markdown shows each machine's own medians and "baseline" as its score.
    const md = teamToMarkdown(team);
    expect(md).toMatch(/\| Machine A \| local \| native \| [\d,.]+ MB\/s \| [\d,.]+ IOPS \| [\d,.]+ files\/s \| baseline \|/);
    // Every run face agrees there is nothing to divide: a native-only run has no headline.
    expect(runHeadlines(a)).toEqual([]);
  });
});
