/** Markdown exports: a run as one table per target, a comparison as a before/after table. */
import type { CompareRow, Comparison, Run, TestResult } from '../../contract.js';
import { metricInfo } from '../../metrics.js';
import { fmtRatioInterval } from '../../headline.js';
import { VERDICT_WORDS } from '../../verdict-stats.js';
import {
  PLACE_LABEL,
  TEST_LABEL,
  describeProbe,
  formatDate,
  formatNumber,
  formatPct,
  formatRatio,
  formatSigned,
  hostProbe,
  nativeBaseline,
  ratioToNative,
  targetName,
} from './format.js';
import { redactComparison, redactRun, type RedactContext } from './redact.js';

/** Escapes a table cell: pipes, newlines and backslashes would break the row. */
function cell(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n|\r/g, ' ').trim();
}

/** Inline code that survives backticks in its content. */
function code(s: string): string {
  const fence = s.includes('`') ? '``' : '`';
  return `${fence}${s.includes('`') ? ` ${s} ` : s}${fence}`;
}

function row(cells: string[]): string {
  return `| ${cells.map(cell).join(' | ')} |`;
}

function table(head: string[], rows: string[][], right: number[] = []): string[] {
  const align = head.map((_, i) => (right.includes(i) ? '---:' : '---'));
  return [row(head), `| ${align.join(' | ')} |`, ...rows.map(row)];
}

function toolText(r: TestResult): string {
  const tool = [r.tool?.name, r.tool?.version].filter(Boolean).join(' ');
  return [tool, r.tool?.method].filter(Boolean).join(' — ');
}

function settingsLine(settings: Record<string, unknown>): string {
  const parts = Object.entries(settings)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.join(', ');
}

/** A run as Markdown: header with date, suite, app version and host; one results table per target. */
export function runToMarkdown(input: Run, ctx?: RedactContext): string {
  const run = redactRun(input, ctx);
  const base = nativeBaseline(run);
  const out: string[] = [];
  out.push(`# vmbench results — ${formatDate(run.startedAt)}`, '');
  out.push(`- **Run:** ${code(run.id)} (${run.status})`);
  out.push(`- **Suite:** ${run.suite} (${run.tests.join(', ')})`);
  out.push(`- **vmbench:** ${run.app.version} on ${run.app.platform}/${run.app.arch}`);
  out.push(`- **Host:** ${describeProbe(hostProbe(run))}`);
  out.push('', 'Figures are the median of n trials with min and max; "× native" is the median divided by the host\'s own result for the same test and metric.');
  for (const t of run.targets) {
    out.push('', `## ${cell(targetName(t))} (${code(t.id)}, ${t.runtime})`, '');
    out.push(`- **System:** ${describeProbe(t.probe)}`);
    const mounts = (t.probe?.mounts ?? []).map((m) => `${m.path} (${m.fstype})`);
    if (mounts.length) out.push(`- **Mounts:** ${mounts.join(', ')}`);
    const s = settingsLine(t.settings ?? {});
    if (s) out.push(`- **Settings:** ${s}`);
    out.push('');
    const rows: string[][] = [];
    for (const r of t.results) {
      for (const [metric, st] of Object.entries(r.metrics)) {
        const info = metricInfo(metric);
        const ratio = r.place === 'native' ? null : ratioToNative(base, r.test, metric, st.median);
        rows.push([
          TEST_LABEL[r.test] ?? r.test,
          PLACE_LABEL[r.place] ?? r.place,
          metric,
          formatNumber(st.median),
          formatNumber(st.min),
          formatNumber(st.max),
          String(st.n),
          info.unit,
          ratio === null ? (r.place === 'native' ? '1×' : '—') : formatRatio(ratio),
          toolText(r),
        ]);
      }
    }
    if (rows.length) {
      out.push(...table(['Test', 'Place', 'Metric', 'Median', 'Min', 'Max', 'n', 'Unit', '× native', 'Tool / method'], rows, [3, 4, 5, 6, 8]));
    } else {
      out.push('_No results._');
    }
    if (t.errors?.length) {
      out.push('', '**Errors:**', '');
      for (const e of t.errors) out.push(`- ${TEST_LABEL[e.test] ?? e.test} (${PLACE_LABEL[e.place] ?? e.place}): ${e.code} — ${cell(e.message)}`);
    }
  }
  return `${out.join('\n')}\n`;
}

function changeText(r: CompareRow, unit: string): string {
  if (r.delta === null) return '—';
  return `${formatSigned(r.delta)}${unit ? ` ${unit}` : ''}`;
}


/** A comparison as Markdown: metric, before, after, change with sign and %. */
export function comparisonToMarkdown(input: Comparison, ctx?: RedactContext): string {
  const cmp = redactComparison(input, ctx);
  const out: string[] = [];
  out.push('# vmbench: before → after', '');
  out.push(`- **Before:** ${code(cmp.a.id)} — ${formatDate(cmp.a.startedAt)}, ${cmp.a.suite} suite`);
  out.push(`- **After:** ${code(cmp.b.id)} — ${formatDate(cmp.b.startedAt)}, ${cmp.b.suite} suite`);
  if (cmp.settings?.length) {
    out.push('', '**Settings changed:**', '');
    for (const s of cmp.settings) out.push(`- ${code(s.target)} ${s.setting}: ${code(String(s.a ?? '—'))} → ${code(String(s.b ?? '—'))}`);
  }
  out.push('', `**${cmp.summary.line}.**`, '', `Medians of the trials. ${cmp.method.text}`, '');
  const rows = cmp.rows.map((r) => {
    const info = metricInfo(r.metric);
    const v = (x: number | null): string => (x === null ? '—' : `${formatNumber(x)}${info.unit ? ` ${info.unit}` : ''}`);
    return [
      r.target,
      TEST_LABEL[r.test] ?? r.test,
      PLACE_LABEL[r.place] ?? r.place,
      `${info.label} (${r.metric})`,
      v(r.a),
      v(r.b),
      changeText(r, info.unit),
      r.pct === null ? '—' : formatPct(r.pct),
      fmtRatioInterval(r.ratio, r.ci),
      VERDICT_WORDS[r.verdict],
    ];
  });
  if (rows.length) out.push(...table(['Target', 'Test', 'Place', 'Metric', 'Before', 'After', 'Change', '%', 'After/before [95%]', ''], rows, [4, 5, 6, 7, 8]));
  else out.push('_Nothing to compare._');
  return `${out.join('\n')}\n`;
}
