import { PLACES, type Place, type Run, type Stat, type TargetRun, type TestError, type TestId, type TestResult } from '../../electron/contract/contract.js';
import { testsInChart } from '../../electron/contract/test-catalogue.js';
import { placeShade } from '../../electron/presentation/place-colors.js';
import { niceTicks } from './chart-scale';
import { isFallback, targetLabel } from '../../electron/presentation/headline.js';
import { isBaseline, medianRatio, nativeMedian } from '../../electron/measurement/native-ratio.js';
import { uiLang } from './i18n';
import { metricMeta, metricRank, PLACE_LABEL, TEST_ORDER } from './metrics';

/** A chart series: the data key and what the legend calls it. */
export interface Series {
  key: string;
  label: string;
}

/** The colour of every target/place series of a run: its place's colour, shaded when several targets show that place. */
export function placeColors(run: Run): Record<string, string> {
  const perPlace = new Map<Place, number>();
  const out: Record<string, string> = {};
  for (const t of run.targets) {
    for (const r of t.results) {
      const key = seriesKey(t, r.place);
      if (out[key]) continue;
      const n = perPlace.get(r.place) ?? 0;
      perPlace.set(r.place, n + 1);
      out[key] = placeShade(r.place, n);
    }
  }
  return out;
}

/** Whisker of a median: how far min and max lie below and above it. */
function whisker(stat: Stat | undefined, scale = 1): [number, number] | null {
  if (!stat || !Number.isFinite(stat.min) || !Number.isFinite(stat.max)) return null;
  return [Math.max(0, (stat.median - stat.min) * scale), Math.max(0, (stat.max - stat.median) * scale)];
}

/** The trials' min, max, median and count of a bar, as `<key>_min` ... fields of its chart row (drawn by whisker-bar.tsx). */
function statFields(row: Record<string, unknown>, key: string, stat: Stat | undefined): void {
  if (!stat) return;
  row[`${key}_min`] = stat.min;
  row[`${key}_max`] = stat.max;
  row[`${key}_median`] = stat.median;
  row[`${key}_n`] = stat.n;
}

/** A row of the results table: a metric of a test in a place, or an error there. */
export type TableRow =
  | {
      kind: 'metric';
      key: string;
      target: TargetRun;
      test: TestId;
      place: Place;
      metric: string;
      stat: Stat;
      unit: string;
      ratio: number | null;
      result: TestResult;
    }
  | { kind: 'error'; key: string; target: TargetRun; test: TestId; place: Place; error: TestError };

/** "This machine · native" (このマシン · ネイティブ in ja). */
export function placeName(target: TargetRun, place: Place): string {
  return `${targetLabel(target, uiLang())} · ${PLACE_LABEL[place] ?? place}`;
}

/** Every target/place pair of a run as chart series, baseline first, so colors match across charts. */
export function allPlaces(run: Run): Series[] {
  const seen = new Map<string, Series>();
  for (const t of run.targets) for (const r of t.results) seen.set(seriesKey(t, r.place), { key: seriesKey(t, r.place), label: placeName(t, r.place) });
  return [...seen.values()];
}

function seriesKey(target: TargetRun, place: Place): string {
  return `${target.id}__${place}`;
}

function placesWith(run: Run, test: TestId): { target: TargetRun; result: TestResult }[] {
  const out: { target: TargetRun; result: TestResult }[] = [];
  for (const target of run.targets) for (const result of target.results) if (result.test === test) out.push({ target, result });
  return out;
}

/** The metrics of the throughput chart, one part each (the catalogue's chartMetrics of its tests: write and read MB/s), titles ui:tile.<metric>. */
export const THROUGHPUT_METRICS: readonly string[] = [...new Set(testsInChart('throughput').flatMap((e) => e.metrics))];

/** Bar chart rows: write/read MB/s per target and place, with ratios to native. */
export function throughputData(run: Run): Record<string, string | number | number[] | null>[] {
  const rows = new Map<string, Record<string, string | number | number[] | null>>();
  for (const { test, metrics } of testsInChart('throughput'))
    for (const metric of metrics) {
      for (const { target, result } of placesWith(run, test)) {
        const v = result.metrics[metric]?.median;
        if (v === undefined) continue;
        const k = seriesKey(target, result.place);
        const row = rows.get(k) ?? { name: placeName(target, result.place), key: k };
        row[metric] = v;
        row[`${metric}_err`] = whisker(result.metrics[metric]);
        statFields(row, metric, result.metrics[metric]);
        row[`${metric}_ratio`] = medianRatio(run, target, result.place, test, metric, v);
        row[`${metric}_fallback`] = isFallback(result) ? 1 : 0;
        rows.set(k, row);
      }
    }
  return [...rows.values()];
}

/** The tests of the latency chart, each with its percentile metrics (the catalogue's chartMetrics: rand-read's clat_p50_us..clat_p99_us). */
const LATENCY_TESTS = testsInChart('latency');

/** A percentile metric's word on the latency chart's axis: p50 from clat_p50_us. */
function percentileWord(metric: string): string {
  return /(?:^|_)(p\d+(?:\.\d+)?)(?:_|$)/.exec(metric)?.[1] ?? metric;
}

/** Rows per percentile with one value per place, for a test's latency chart (by default the catalogue's first: rand-read). */
export function latencyData(run: Run, test: TestId | undefined = LATENCY_TESTS[0]?.test): { rows: Record<string, string | number>[]; series: Series[] } {
  const metrics = LATENCY_TESTS.find((e) => e.test === test)?.metrics ?? [];
  const entries = test ? placesWith(run, test) : [];
  const series = entries.map(({ target, result }) => ({ key: seriesKey(target, result.place), label: placeName(target, result.place) }));
  const rows = metrics.map((metric) => {
    const row: Record<string, string | number> = { pct: percentileWord(metric) };
    for (const { target, result } of entries) {
      const v = result.metrics[metric]?.median;
      if (v !== undefined) row[seriesKey(target, result.place)] = v;
    }
    return row;
  });
  return { rows: rows.filter((r) => Object.keys(r).length > 1), series: series.filter((s) => rows.some((r) => typeof r[s.key] === 'number')) };
}

/** The tests of the latency chart that a run has percentiles of, in catalogue order: one chart each. */
export function latencyTests(run: Run): TestId[] {
  return LATENCY_TESTS.map((e) => e.test).filter((test) => latencyData(run, test).rows.length > 0);
}

/** Small-file operations in ops/s per operation and place, with min–max whiskers: what the chart shows when there is nothing to compare with native. */
export function smallFilesAbsData(run: Run): { rows: Record<string, string | number | number[]>[]; series: Series[] } {
  const ops = ['create', 'stat', 'read', 'delete'];
  const entries = placesWith(run, 'small-files');
  const series = entries.map(({ target, result }) => ({ key: seriesKey(target, result.place), label: placeName(target, result.place) }));
  const rows: Record<string, string | number | number[]>[] = [];
  for (const op of ops) {
    const row: Record<string, string | number | number[]> = { op };
    for (const { target, result } of entries) {
      const stat = result.metrics[`${op}_per_s`];
      if (!stat) continue;
      const k = seriesKey(target, result.place);
      row[k] = stat.median;
      const w = whisker(stat);
      if (w) row[`${k}_err`] = w;
      statFields(row, k, stat);
    }
    if (Object.keys(row).length > 1) rows.push(row);
  }
  return { rows, series };
}

/** Small-file operations as ratios to native (native = 1), per operation and place, with min–max whiskers and the absolute ops/s; null when the baseline has none. */
export function smallFilesRatioData(run: Run): { rows: Record<string, string | number | number[]>[]; series: Series[] } | null {
  const ops = ['create', 'stat', 'read', 'delete'];
  const entries = placesWith(run, 'small-files').filter(({ target, result }) => !isBaseline(run, target, result.place));
  const series = entries.map(({ target, result }) => ({ key: seriesKey(target, result.place), label: placeName(target, result.place) }));
  const rows: Record<string, string | number | number[]>[] = [];
  for (const op of ops) {
    const native = nativeMedian(run, 'small-files', `${op}_per_s`);
    if (!native || native <= 0) continue;
    const row: Record<string, string | number | number[]> = { op, native };
    for (const { target, result } of entries) {
      const stat = result.metrics[`${op}_per_s`];
      if (!stat) continue;
      const k = seriesKey(target, result.place);
      row[k] = stat.median / native;
      row[`${k}_abs`] = stat.median;
      const w = whisker(stat, 1 / native);
      if (w) row[`${k}_err`] = w;
      statFields(row, k, stat);
    }
    if (Object.keys(row).length > 2) rows.push(row);
  }
  return rows.length > 0 && series.length > 0 ? { rows, series } : null;
}

/** Every metric and every error of a run, ordered by target, test, place, metric. */
export function tableRows(run: Run): TableRow[] {
  const rows: TableRow[] = [];
  for (const target of run.targets) {
    for (const result of target.results) {
      for (const [metric, stat] of Object.entries(result.metrics)) {
        const ratio = medianRatio(run, target, result.place, result.test, metric, stat.median);
        const key = `${target.id}|${result.place}|${result.test}|${metric}`;
        rows.push({ kind: 'metric', key, target, test: result.test, place: result.place, metric, stat, unit: metricMeta(metric).unit, ratio, result });
      }
    }
    target.errors.forEach((error, i) => {
      rows.push({ kind: 'error', key: `${target.id}|${error.place}|${error.test}|error${i}`, target, test: error.test, place: error.place, error });
    });
  }
  const ti = (t: TestId): number => TEST_ORDER.indexOf(t);
  const tIdx = new Map(run.targets.map((t, i) => [t.id, i]));
  return rows.sort(
    (x, y) =>
      (tIdx.get(x.target.id) ?? 0) - (tIdx.get(y.target.id) ?? 0) ||
      ti(x.test) - ti(y.test) ||
      PLACES.indexOf(x.place) - PLACES.indexOf(y.place) ||
      (x.kind === 'metric' ? metricRank(x.metric) : 1000) - (y.kind === 'metric' ? metricRank(y.metric) : 1000),
  );
}

/** One operation's panel of the small-files chart: its row (one bar per place) on an axis of its own. */
export interface SmallFilesPanel {
  op: string;
  row: Record<string, string | number | number[]>;
  /** The panel's value axis, from 0 to its top tick (in × native when the chart is in ratios, else in ops/s). */
  ticks: number[];
}

/**
 * The small-files chart as one panel per operation, each on its own axis from 0: stat can be a hundred times create,
 * and on one shared axis create and delete would vanish (issue 43). Ratios to native when other places were measured
 * (each axis then reaches 1× at least), else ops/s; null when there is nothing to draw.
 */
export function smallFilesPanels(run: Run): { ratio: boolean; series: Series[]; panels: SmallFilesPanel[] } | null {
  const ratio = smallFilesRatioData(run);
  const { rows, series } = ratio ?? smallFilesAbsData(run);
  if (rows.length === 0 || series.length === 0) return null;
  const top = (r: Record<string, unknown>, k: string): number =>
    typeof r[k] === 'number' ? (r[k] as number) + ((r[`${k}_err`] as number[] | undefined)?.[1] ?? 0) : 0;
  const panels = rows.map((row) => ({
    op: String(row.op),
    row,
    ticks: niceTicks(Math.max(ratio ? 1 : 0, ...series.map((s) => top(row, s.key))), 4),
  }));
  return { ratio: !!ratio, series, panels };
}
