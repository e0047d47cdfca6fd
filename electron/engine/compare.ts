import type { CompareRow, CompareSummary, CompareVerdict, Comparison, Run, RunSummary, SettingChange, TestId, TestResult } from '../contract/contract.js';
import { nativeResult } from '../measurement/native-ratio.js';
import { commandText } from '../presentation/command-line.js';
import { metricInfo } from '../measurement/metrics.js';
import { summarizeRun } from './store/summary.js';
import { testSpec } from '../contract/test-catalogue.js';
import { decideFamily, primaryMetric } from '../measurement/verdict-family.js';
import {
  CROSS_MACHINE_METHOD,
  summaryLine,
  VERDICT_METHOD,
  welchLogRatio,
  type Baselines,
  type RatioCall,
  type RatioEstimate,
} from '../measurement/verdict-stats.js';
import { crossSettingChanges, machineOf } from './compare-machines.js';

type Side = { median: number; geo: number; min: number; max: number; samples: number[] };

/** The geometric mean of trials (0 when one of them is 0; the median when they cannot form one): the estimator every ratio of a comparison is of. */
export function geometricMean(samples: readonly number[], median: number): number {
  if (samples.length === 0 || samples.some((x) => !Number.isFinite(x) || x < 0)) return median;
  if (samples.some((x) => x === 0)) return 0;
  return Math.exp(samples.reduce((s, x) => s + Math.log(x), 0) / samples.length);
}

/** The per-trial values of a metric; a result stored without them counts as one trial (its median). */
export function trialsOf(r: TestResult, metric: string): number[] {
  const s = r.samples[metric];
  if (s && s.length > 0) return s.filter((x) => Number.isFinite(x));
  const stat = r.metrics[metric];
  return stat ? [stat.median] : [];
}

/**
 * Before/after of two runs: every metric of every target/test/place present in either, with a verdict per metric.
 * Runs of different machines (an imported run against another machine's) are compared by each place's ratio to its
 * own machine's native instead: the native rows are shown, not voting.
 */
export function compareRuns(a: Run, b: Run): Comparison {
  const machines = machineOf(a) !== machineOf(b) ? { a: machineOf(a) ?? 'This machine', b: machineOf(b) ?? 'This machine' } : undefined;
  const nativeOf = (run: Run, test: TestId, metric: string): number[] => {
    const r = nativeResult(run, test, metric);
    return r ? trialsOf(r, metric) : [];
  };
  const key = (t: string, test: string, place: string, m: string): string => `${t}\u0000${test}\u0000${place}\u0000${m}`;
  const values = new Map<string, Entry>();
  const add = (run: Run, side: 'a' | 'b'): void => {
    for (const t of run.targets) {
      for (const r of t.results) {
        for (const [metric, stat] of Object.entries(r.metrics)) {
          const k = key(t.id, r.test, r.place, metric);
          const row = values.get(k) ?? { target: t.id, test: r.test, place: r.place, metric, a: null, b: null };
          const samples = trialsOf(r, metric);
          row[side] = { median: stat.median, geo: geometricMean(samples, stat.median), min: stat.min, max: stat.max, samples };
          values.set(k, row);
        }
      }
    }
  };
  add(a, 'a');
  add(b, 'b');
  const vals = [...values.values()];
  const metricsOf = new Map<string, string[]>();
  for (const v of vals) {
    const g = key(v.target, v.test, v.place, '');
    metricsOf.set(g, [...(metricsOf.get(g) ?? []), v.metric]);
  }
  const baseOf = (v: Entry): Baselines | undefined =>
    machines && v.place !== 'native' ? { a: nativeOf(a, v.test, v.metric), b: nativeOf(b, v.test, v.metric) } : undefined;
  // Across machines the natives are each machine's hardware: shown, never voting.
  const isPrimary = (v: Entry): boolean =>
    !(machines && v.place === 'native') && primaryMetric(v.test, metricsOf.get(key(v.target, v.test, v.place, '')) ?? []) === v.metric;
  const both = vals.filter((v) => v.a && v.b);
  const decision = decideFamily(both.map((v) => ({ a: v.a!.samples, b: v.b!.samples, primary: isPrimary(v), base: baseOf(v), drift: driftOf(v.test) })));
  const calls = new Map(both.map((v, i) => [v, decision.calls[i]]));
  const rows = vals.map((v) => {
    const row = compareMetric(v, isPrimary(v), calls.get(v) ?? null);
    const base = baseOf(v);
    if (!base) return row;
    const own = (n: number[], x: Side | null): number | null => (x ? (welchLogRatio(n, x.samples)?.ratio ?? null) : null);
    const noBase = !base.a.length || !base.b.length;
    return {
      ...row,
      nativeA: own(base.a, v.a),
      nativeB: own(base.b, v.b),
      ...(noBase && v.a && v.b ? { reason: 'no native result of this test on both machines' } : {}),
    };
  });
  const method = {
    ...VERDICT_METHOD,
    ...(machines ? CROSS_MACHINE_METHOD : {}),
    family: decision.family,
    perTestAlpha: decision.perTestAlpha,
    level: decision.level,
  };
  const settings = machines ? crossSettingChanges(a, b, settingChanges(a, b)) : settingChanges(a, b);
  // Two different commands' times do not compare: said beside the rows, never hidden.
  const [ca, cb] = [commandText(a), commandText(b)];
  const commands = ca && cb && ca !== cb ? { a: ca, b: cb } : undefined;
  return {
    a: summarizeRun(a),
    b: summarizeRun(b),
    rows,
    settings,
    summary: summarizeVerdicts(rows),
    method,
    ...(machines ? { machines } : {}),
    ...(commands ? { commands } : {}),
  };
}

/** A test's run-to-run drift (the catalogue's; 0 for a test this version does not know, from an imported run). */
function driftOf(test: string): number {
  return testSpec(test)?.drift ?? 0;
}

type Entry = { target: string; test: CompareRow['test']; place: CompareRow['place']; metric: string; a: Side | null; b: Side | null };

function compareMetric(v: Entry, primary: boolean, called: { call: RatioCall; estimate: RatioEstimate | null; reason?: string } | null): CompareRow {
  const direction = metricInfo(v.metric).direction;
  const base = {
    target: v.target,
    test: v.test,
    place: v.place,
    metric: v.metric,
    direction,
    primary,
    a: v.a?.geo ?? null,
    b: v.b?.geo ?? null,
    medianA: v.a?.median ?? null,
    medianB: v.b?.median ?? null,
    nA: v.a?.samples.length ?? 0,
    nB: v.b?.samples.length ?? 0,
    spreadA: v.a ? ([v.a.min, v.a.max] as [number, number]) : null,
    spreadB: v.b ? ([v.b.min, v.b.max] as [number, number]) : null,
    drift: driftOf(v.test),
  };
  if (!v.a || !v.b || !called) {
    const verdict: CompareVerdict = v.a ? 'only-before' : 'only-after';
    return { ...base, pct: null, improved: null, verdict, ratio: null, ci: null };
  }
  const { call, estimate, reason } = called;
  let verdict: CompareVerdict = call === 'noise' ? 'noise' : 'undecided';
  if (call === 'higher' || call === 'lower') verdict = (call === 'higher') === (direction === 'higher') ? 'better' : 'worse';
  const ci: [number, number] | null = estimate && verdict !== 'undecided' ? [estimate.lo, estimate.hi] : null;
  // A metric that does not vote keeps its ratio and interval but never a verdict of its own.
  if (!primary && verdict !== 'undecided') verdict = 'supporting';
  const ratio = estimate?.ratio ?? null;
  return {
    ...base,
    pct: ratio === null ? null : (ratio - 1) * 100,
    improved: verdict === 'better' ? true : verdict === 'worse' ? false : null,
    verdict,
    ratio,
    ci,
    ...(reason ? { reason } : {}),
  };
}

/** Counts per verdict and the one-line summary shown above every comparison. */
export function summarizeVerdicts(rows: Pick<CompareRow, 'verdict'>[]): CompareSummary {
  const count = (...v: CompareVerdict[]): number => rows.filter((r) => v.includes(r.verdict)).length;
  const s = {
    better: count('better'),
    worse: count('worse'),
    noise: count('noise'),
    undecided: count('undecided'),
    onlyOne: count('only-before', 'only-after'),
    supporting: count('supporting'),
  };
  return { ...s, line: summaryLine(s) };
}

/** Settings whose values differ between the two runs, for targets measured in both. */
export function settingChanges(a: Run, b: Run): SettingChange[] {
  const out: SettingChange[] = [];
  for (const tb of b.targets) {
    const ta = a.targets.find((t) => t.id === tb.id);
    if (!ta) continue;
    for (const setting of [...new Set([...Object.keys(ta.settings), ...Object.keys(tb.settings)])]) {
      const [va, vb] = [ta.settings[setting], tb.settings[setting]];
      if (JSON.stringify(va) !== JSON.stringify(vb)) out.push({ target: tb.id, setting, a: va ?? null, b: vb ?? null });
    }
  }
  return out;
}

/** Convenience for callers that only hold summaries. */
export type { RunSummary };
