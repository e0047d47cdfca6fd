/** The team table as Markdown or CSV, redacted like every export (names, paths, addresses). */
import type { TeamTable } from '../../contract/contract.js';
import { MISSING, formatInterval, formatWithUnit } from '../../presentation/format.js';
import { translator, type Lang } from '../../messages/i18n.js';
import { fastestLine } from '../../presentation/team-line.js';
import { metricInfo } from '../../measurement/metrics.js';
import { levelText } from '../../measurement/verdict-stats.js';
import { csvField } from './csv.js';
import { placeLabel } from './format.js';
import { makeRedactor, type RedactContext } from './redact.js';

/** Markdown: the table (ratio to each machine's native, with intervals), the fastest-setup line and the method. */
export function teamToMarkdown(table: TeamTable, ctx?: RedactContext, lang: Lang = 'en'): string {
  const t = translator(lang);
  const r = makeRedactor(ctx);
  // Cells: pipes, newlines and HTML would break or act in a rendered table.
  const cell = (s: string): string =>
    r
      .text(s)
      .replace(/\\/g, '\\\\')
      .replace(/\|/g, '\\|')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/\r?\n|\r/g, ' ')
      .trim();
  const head = [
    t('report:team.machine'),
    t('report:team.runtime'),
    t('report:team.place'),
    ...table.metrics.map((m) => `${metricInfo(m, lang).label} ×`),
    t('report:team.score'),
  ];
  const lines = [`# ${t('report:team.title')}`, '', `| ${head.map(cell).join(' | ')} |`, `| ${head.map((_, i) => (i > 2 ? '---:' : '---')).join(' | ')} |`];
  for (const row of table.rows) {
    // The baseline row shows its own medians (its ratios are 1 by definition).
    const value = (m: string): string =>
      row.baseline
        ? row.medians[m] === undefined
          ? MISSING
          : formatWithUnit(row.medians[m], metricInfo(m, lang).unit, lang)
        : formatInterval(row.ratios[m]?.ratio ?? null, row.ratios[m]?.ci ?? null, lang);
    const score = row.baseline ? t('report:card.baseline') : row.score === null ? MISSING : formatInterval(row.score, null, lang);
    const cells = [row.machine, row.target, placeLabel(row.place, lang), ...table.metrics.map(value), score];
    lines.push(`| ${cells.map(cell).join(' | ')} |`);
  }
  const fast = fastestLine(table, lang);
  lines.push('', ...(fast ? [cell(fast), ''] : []), t('report:team.method', { level: levelText(table.level) }), '');
  return lines.join('\n');
}

/** CSV: one line per row and metric (machine, runtime, place, metric, ratio, interval), CRLF line ends. */
export function teamToCsv(table: TeamTable, ctx?: RedactContext): string {
  const r = makeRedactor(ctx);
  const out = ['machine,target,runtime,place,metric,ratio_to_native,ci_low,ci_high,score'];
  for (const row of table.rows) {
    for (const m of table.metrics) {
      const v = row.ratios[m];
      out.push(
        [r.text(row.machine), r.text(row.target), row.runtime, row.place, m, v?.ratio ?? null, v?.ci?.[0] ?? null, v?.ci?.[1] ?? null, row.score]
          .map((x) => csvField(x as string | number | null))
          .join(','),
      );
    }
  }
  return out.join('\r\n') + '\r\n';
}

export { fastestLine };
