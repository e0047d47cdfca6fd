/** CSV export (RFC 4180): one row per target, test, place and metric. */
import type { Run } from '../../contract/contract.js';
import { metricInfo } from '../../measurement/metrics.js';
import { isBaseline, medianRatio } from '../../measurement/native-ratio.js';
import { redactRun, type RedactContext } from './redact.js';

/** Column names of the CSV export, in order. */
export const CSV_COLUMNS = [
  'target',
  'runtime',
  'test',
  'place',
  'metric',
  'median',
  'min',
  'max',
  'n',
  'unit',
  'ratio_to_native',
  'tool',
  'tool_version',
  'method',
  'command',
] as const;

/** Quotes a field when it holds a comma, quote, CR or LF (or edge spaces), doubling inner quotes. */
export function csvField(v: string | number | null | undefined): string {
  const s = v === null || v === undefined ? '' : typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A run as CSV with a header row and CRLF line ends. */
export function runToCsv(input: Run, ctx?: RedactContext): string {
  const run = redactRun(input, ctx);
  const lines: string[] = [CSV_COLUMNS.join(',')];
  for (const t of run.targets) {
    for (const r of t.results) {
      for (const [metric, st] of Object.entries(r.metrics)) {
        const ratio = isBaseline(run, t, r.place) ? 1 : medianRatio(run, t, r.place, r.test, metric, st.median);
        const fields: (string | number | null)[] = [
          t.id,
          t.runtime,
          r.test,
          r.place,
          metric,
          st.median,
          st.min,
          st.max,
          st.n,
          metricInfo(metric).unit,
          ratio === null ? null : Math.round(ratio * 10000) / 10000,
          r.tool?.name ?? '',
          r.tool?.version ?? '',
          r.tool?.method ?? '',
          r.command ?? '',
        ];
        lines.push(fields.map(csvField).join(','));
      }
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
