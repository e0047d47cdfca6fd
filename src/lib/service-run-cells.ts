import type { Place, Run, TargetRun } from '../../electron/contract';
import { metricMeta, PLACE_LABEL } from './metrics';
import { baselineTarget } from './run-data';
import { isServiceTest, looksLikeContainer, serviceLayout, type CellSource, type LayoutCell, type LayoutTable, type ServiceTest, type TargetFacts } from './service-layout';

/** A resolved cell of a run's service table: a number, a ratio, or why there is none. */
export type RunCellView =
  | { kind: 'value'; value: number; n: number; min: number; max: number }
  | { kind: 'ratio'; value: number; good: boolean }
  | { kind: 'missing'; why: string };

/** One target's service tables in a run. */
export interface RunServiceSection {
  target: TargetRun;
  tables: LayoutTable[];
}

function factsOf(run: Run, t: TargetRun): TargetFacts {
  const places: Partial<Record<ServiceTest, Place[]>> = {};
  for (const x of [...t.results, ...t.errors]) if (isServiceTest(x.test)) (places[x.test] ??= []).push(x.place);
  const allPlaces = [...t.results, ...t.errors].map((x) => x.place);
  const metrics = t.results.flatMap((r) => Object.keys(r.metrics));
  const engine = t.settings.engine;
  const container = looksLikeContainer(t.id, t.runtime, allPlaces, metrics) || engine === 'moby' || engine === 'docker';
  return { id: t.id, label: t.label || t.id, baseline: t === baselineTarget(run), container, places };
}

/** The service sections of a run: one per target with net/redis/http results or errors, baseline first. */
export function runServiceSections(run: Run): RunServiceSection[] {
  const base = baselineTarget(run);
  const ordered = base ? [base, ...run.targets.filter((t) => t !== base)] : run.targets;
  return ordered
    .map((target) => ({ target, tables: serviceLayout(factsOf(run, target), base?.id ?? null) }))
    .filter((s) => s.tables.length > 0);
}

function describe(run: Run, src: CellSource): string {
  const t = run.targets.find((x) => x.id === src.target);
  return `${metricMeta(src.metric).label} (${t?.label || src.target} · ${PLACE_LABEL[src.place] ?? src.place})`;
}

/** Why a run has no number for a cell, in words a user understands. */
export function whyMissing(run: Run, src: CellSource): string {
  const t = run.targets.find((x) => x.id === src.target);
  if (!t) return `not measured: this run has no ${src.target} target`;
  const err = t.errors.find((e) => e.test === src.test && e.place === src.place);
  if (err) return `not measured (${err.code}): ${err.message}`;
  if (!run.tests.includes(src.test)) return `not measured: this run did not include the ${src.test} test`;
  const result = t.results.find((r) => r.test === src.test && r.place === src.place);
  if (result) {
    if (src.metric.startsWith('site_')) return 'not measured: this http result has no small-site numbers (an earlier http.sh measured the static file only)';
    return `not measured: the ${src.test} result has no ${metricMeta(src.metric).label}`;
  }
  if (run.status === 'cancelled') return 'not measured: the run was cancelled before this test ran';
  return `not measured: ${src.test} did not run in the ${PLACE_LABEL[src.place] ?? src.place} of ${t.label || t.id}`;
}

function statOf(run: Run, src: CellSource): { median: number; min: number; max: number; n: number } | undefined {
  const t = run.targets.find((x) => x.id === src.target);
  return t?.results.find((r) => r.test === src.test && r.place === src.place)?.metrics[src.metric];
}

/** A layout cell filled from a run. */
export function runCell(run: Run, cell: LayoutCell): RunCellView {
  if (cell.kind === 'value') {
    const s = statOf(run, cell.source);
    if (s) return { kind: 'value', value: s.median, n: s.n, min: s.min, max: s.max };
    return { kind: 'missing', why: cell.notApplicable ?? whyMissing(run, cell.source) };
  }
  const num = statOf(run, cell.num)?.median;
  const den = statOf(run, cell.den)?.median;
  if (num === undefined || den === undefined || den <= 0) {
    return { kind: 'missing', why: `no ratio: it needs both ${describe(run, cell.num)} and ${describe(run, cell.den)}` };
  }
  const value = num / den;
  return { kind: 'ratio', value, good: cell.direction === 'higher' ? value >= 1 : value <= 1 };
}
