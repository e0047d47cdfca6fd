/** Exports of a before/after comparison (Markdown, CSV, JSON): ratio, interval, verdict and the settings that changed, redacted. */
import type { Comparison, ExportFormat } from '../../contract/contract.js';
import { formatSettingValue } from '../../presentation/format.js';
import type { Lang } from '../../messages/i18n.js';
import { metricInfo } from '../../measurement/metrics.js';
import { csvField } from './csv.js';
import { fileSafe } from './format.js';
import { comparisonToMarkdown } from './markdown.js';
import { redactComparison, redactText, type RedactContext } from './redact.js';

/**
 * Column names of the comparison CSV, in order: a metric row per target, test, place and metric, then a setting row per changed setting.
 * before and after are the geometric means of the trials (ratio = after / before); the medians follow at the end.
 */
export const COMPARE_CSV_COLUMNS = [
  'kind',
  'target',
  'test',
  'place',
  'metric',
  'unit',
  'before',
  'after',
  'ratio',
  'ci_low',
  'ci_high',
  'verdict',
  'voting',
  'n_before',
  'n_after',
  'median_before',
  'median_after',
] as const;

const round = (x: number | null | undefined): number | null => (x === null || x === undefined ? null : Math.round(x * 10000) / 10000);

/** A comparison as CSV (language-neutral, CRLF): metric rows with geometric means, ratio, interval, verdict and medians; setting rows with before and after. */
export function comparisonToCsv(input: Comparison, ctx?: RedactContext): string {
  const cmp = redactComparison(input, ctx);
  const lines: string[] = [COMPARE_CSV_COLUMNS.join(',')];
  for (const r of cmp.rows) {
    const fields = [
      'metric',
      r.target,
      r.test,
      r.place,
      r.metric,
      metricInfo(r.metric).unit,
      r.a,
      r.b,
      round(r.ratio),
      round(r.ci?.[0]),
      round(r.ci?.[1]),
      r.verdict,
      r.primary ? 'yes' : 'no',
      r.nA,
      r.nB,
      r.medianA,
      r.medianB,
    ];
    lines.push(fields.map(csvField).join(','));
  }
  for (const s of cmp.settings ?? []) {
    const fields = [
      'setting',
      s.target,
      '',
      '',
      s.setting,
      '',
      formatSettingValue(s.a, { missing: '' }),
      formatSettingValue(s.b, { missing: '' }),
      null,
      null,
      null,
      '',
      '',
      '',
      '',
      null,
      null,
    ];
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A comparison as pretty JSON (the contract's Comparison: both runs' summaries, every row, the settings changed, the summary and the method), redacted. */
export function comparisonToJson(input: Comparison, ctx?: RedactContext): string {
  return `${JSON.stringify(redactComparison(input, ctx), null, 2)}\n`;
}

const KIND: Record<ExportFormat, { ext: string; mime: string; render: (cmp: Comparison, ctx?: RedactContext, lang?: Lang) => string }> = {
  md: { ext: 'md', mime: 'text/markdown; charset=utf-8', render: comparisonToMarkdown },
  csv: { ext: 'csv', mime: 'text/csv; charset=utf-8', render: comparisonToCsv },
  json: { ext: 'json', mime: 'application/json', render: comparisonToJson },
};

/** A comparison exported as Markdown (in a language), CSV or JSON, redacted, with a file name ("vmbench-compare-BEFORE-vs-AFTER.md") and MIME type. */
export function exportComparison(
  cmp: Comparison,
  format: ExportFormat,
  ctx?: RedactContext,
  lang: Lang = 'en',
): { filename: string; mime: string; content: string } {
  const kind = KIND[format];
  if (!kind) throw new Error(`unknown export format: ${String(format)}`);
  const name = `vmbench-compare-${fileSafe(redactText(cmp.a.id, ctx))}-vs-${fileSafe(redactText(cmp.b.id, ctx))}.${kind.ext}`;
  return { filename: name, mime: kind.mime, content: kind.render(cmp, ctx, lang) };
}
