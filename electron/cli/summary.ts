import type { Comparison, Run, RunSummary } from '../contract.js';
import { isFailure } from '../engine/run-status.js';
import { groupTargetErrors } from '../error-groups.js';
import { fmtRatioInterval, runHeadlines } from '../headline.js';
import { metricInfo } from '../metrics.js';
import { VERDICT_WORDS } from '../verdict-stats.js';
import { fmt, formatTable } from './table.js';

/** The summary table of a run: one line per target/place/test/metric, with the ratio to native. */
export function runTable(run: Run): string {
  const native = new Map<string, number>();
  for (const t of run.targets) for (const r of t.results) if (r.place === 'native') for (const [m, s] of Object.entries(r.metrics)) native.set(`${r.test}/${m}`, s.median);
  const rows: (string | number)[][] = [];
  for (const t of run.targets) {
    for (const r of t.results) {
      for (const [m, s] of Object.entries(r.metrics)) {
        const base = native.get(`${r.test}/${m}`);
        const ratio = r.place !== 'native' && base ? `${(s.median / base).toFixed(2)}×` : '–';
        rows.push([t.id, r.place, r.test, m, fmt(s.median), fmt(s.min), fmt(s.max), s.n, metricInfo(m).unit, ratio]);
      }
    }
  }
  const tools = [...new Set(run.targets.flatMap((t) => t.results.map((r) => `${r.tool.name} ${r.tool.version ?? ''}`.trim())))].join(', ');
  const errors = run.targets.flatMap((t) =>
    groupTargetErrors(t).map((g) => `  ${t.id} (${g.count} step${g.count === 1 ? '' : 's'}: ${g.steps.map((x) => `${x.test} ${x.place}`).join(', ')}) ${g.code}: ${g.message}`),
  );
  const headlines = runHeadlines(run).map((h) => `  ${h.text}`);
  return [
    `Run ${run.id} (${run.suite}, ${run.status}) — median of n trials, min and max`,
    formatTable(['target', 'place', 'test', 'metric', 'median', 'min', 'max', 'n', 'unit', 'vs native'], rows),
    `tools: ${tools || 'none'}`,
    'targets:',
    ...run.targets.map((t) => `  ${t.id}: ${t.status}${t.status === 'ok' ? '' : ` (${t.errors.filter(isFailure).length} of ${t.errors.length + t.results.length} steps failed)`}`),
    ...(headlines.length ? ['headline:', ...headlines] : []),
    ...(errors.length ? ['errors:', ...errors] : []),
  ].join('\n');
}


/** The history as a table. */
export function runsTable(runs: RunSummary[]): string {
  if (runs.length === 0) return 'No runs yet. `vmbench run` benchmarks this machine.';
  return formatTable(
    ['id', 'started', 'suite', 'status', 'targets', 'headline'],
    runs.map((r) => [r.id, r.startedAt.replace('T', ' ').slice(0, 19), r.suite, r.status, r.targets.join(','), Object.entries(r.headline).map(([m, v]) => `${m} ${fmt(v)}`).join(', ')]),
  );
}

/** A comparison as a table: before, after, delta and %. */
export function compareTable(cmp: Comparison): string {
  const rows = cmp.rows.map((r) => [
    r.target,
    r.place,
    r.test,
    r.metric,
    fmt(r.a),
    fmt(r.b),
    r.delta === null ? '–' : `${r.delta >= 0 ? '+' : ''}${fmt(r.delta)}`,
    r.pct === null ? '–' : `${r.pct >= 0 ? '+' : ''}${r.pct.toFixed(1)}%`,
    fmtRatioInterval(r.ratio, r.ci),
    `${r.nA}/${r.nB}`,
    VERDICT_WORDS[r.verdict],
  ]);
  const settings = cmp.settings.map((s) => `  ${s.target} ${s.setting}: ${show(s.a)} → ${show(s.b)}`);
  return [
    `A (before): ${cmp.a.id}`,
    `B (after):  ${cmp.b.id}`,
    ...(settings.length ? ['settings changed:', ...settings] : []),
    cmp.summary.line,
    formatTable(['target', 'place', 'test', 'metric', 'A', 'B', 'delta', 'change', 'B/A [95%]', 'trials', 'verdict'], rows),
    `method: ${cmp.method.text}`,
  ].join('\n');
}



function show(v: unknown): string {
  return v === null || v === undefined ? '–' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}
