import type { CompareRow, CompareSummary, CompareVerdict, Comparison, Run, RunSummary, SettingChange, TestResult } from '../contract.js';
import { metricInfo } from '../metrics.js';
import { summarizeRun } from './store/summary.js';
import { callRatio, summaryLine, VERDICT_METHOD } from '../verdict-stats.js';

type Side = { median: number; min: number; max: number; samples: number[] };

/** The per-trial values of a metric; a result stored without them counts as one trial (its median). */
export function trialsOf(r: TestResult, metric: string): number[] {
  const s = r.samples[metric];
  if (s && s.length > 0) return s.filter((x) => Number.isFinite(x));
  const stat = r.metrics[metric];
  return stat ? [stat.median] : [];
}

/** Before/after of two runs: every metric of every target/test/place present in either, with a verdict per metric. */
export function compareRuns(a: Run, b: Run): Comparison {
  const key = (t: string, test: string, place: string, m: string): string => `${t}\u0000${test}\u0000${place}\u0000${m}`;
  const values = new Map<string, { target: string; test: CompareRow['test']; place: CompareRow['place']; metric: string; a: Side | null; b: Side | null }>();
  const add = (run: Run, side: 'a' | 'b'): void => {
    for (const t of run.targets) {
      for (const r of t.results) {
        for (const [metric, stat] of Object.entries(r.metrics)) {
          const k = key(t.id, r.test, r.place, metric);
          const row = values.get(k) ?? { target: t.id, test: r.test, place: r.place, metric, a: null, b: null };
          row[side] = { median: stat.median, min: stat.min, max: stat.max, samples: trialsOf(r, metric) };
          values.set(k, row);
        }
      }
    }
  };
  add(a, 'a');
  add(b, 'b');
  const rows = [...values.values()].map((v) => compareMetric(v));
  return { a: summarizeRun(a), b: summarizeRun(b), rows, settings: settingChanges(a, b), summary: summarizeVerdicts(rows), method: { ...VERDICT_METHOD } };
}

function compareMetric(v: { target: string; test: CompareRow['test']; place: CompareRow['place']; metric: string; a: Side | null; b: Side | null }): CompareRow {
  const direction = metricInfo(v.metric).direction;
  const base = {
    target: v.target,
    test: v.test,
    place: v.place,
    metric: v.metric,
    direction,
    a: v.a?.median ?? null,
    b: v.b?.median ?? null,
    nA: v.a?.samples.length ?? 0,
    nB: v.b?.samples.length ?? 0,
    spreadA: v.a ? ([v.a.min, v.a.max] as [number, number]) : null,
    spreadB: v.b ? ([v.b.min, v.b.max] as [number, number]) : null,
  };
  if (!v.a || !v.b) {
    const verdict: CompareVerdict = v.a ? 'only-before' : 'only-after';
    return { ...base, delta: null, pct: null, improved: null, verdict, ratio: null, ci: null };
  }
  const delta = v.b.median - v.a.median;
  const pct = v.a.median !== 0 ? (delta / Math.abs(v.a.median)) * 100 : null;
  const { call, estimate, reason } = callRatio(v.a.samples, v.b.samples);
  let verdict: CompareVerdict = call === 'noise' ? 'noise' : 'undecided';
  if (call === 'higher' || call === 'lower') verdict = (call === 'higher') === (direction === 'higher') ? 'better' : 'worse';
  return {
    ...base,
    delta,
    pct,
    improved: verdict === 'better' ? true : verdict === 'worse' ? false : null,
    verdict,
    ratio: estimate?.ratio ?? null,
    ci: estimate && verdict !== 'undecided' ? [estimate.lo, estimate.hi] : null,
    ...(reason ? { reason } : {}),
  };
}

/** Counts per verdict and the one-line summary shown above every comparison. */
export function summarizeVerdicts(rows: Pick<CompareRow, 'verdict'>[]): CompareSummary {
  const count = (...v: CompareVerdict[]): number => rows.filter((r) => v.includes(r.verdict)).length;
  const s = { better: count('better'), worse: count('worse'), noise: count('noise'), undecided: count('undecided'), onlyOne: count('only-before', 'only-after') };
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
