/** Markdown exports: a run as one table per target, a comparison as a before/after table. */
import type { Comparison, MountInfo, Run, TestResult } from '../../contract/contract.js';
import { errorText } from '../../messages/error-text.js';
import { MISSING, formatDate, formatInterval, formatNumber, formatRatio, formatWithUnit } from '../../presentation/format.js';
import type { TFunction } from 'i18next';
import { translator, type Lang } from '../../messages/i18n.js';
import { methodSummary } from '../../presentation/method-summary.js';
import { metricInfo } from '../../measurement/metrics.js';
import { isBaseline, medianRatio } from '../../measurement/native-ratio.js';
import { unstableItemText, unstableLeadText, unstableMetrics } from '../../presentation/unstable.js';
import { levelText, methodText, summaryLine, verdictWord } from '../../measurement/verdict-stats.js';
import { describeProbe, hostProbe, placeLabel, targetName, testLabel } from './format.js';
import { redactComparison, redactRun, type RedactContext } from './redact.js';

/** Escapes a table cell: pipes, newlines and backslashes would break the row. */
function cell(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n|\r/g, ' ')
    .trim();
}

/** Text on one line (a list item): line breaks become spaces. */
function oneLine(s: string): string {
  return s.replace(/\s*(\r?\n|\r)\s*/g, ' ').trim();
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
  return [r.tool?.name, r.tool?.version].filter(Boolean).join(' ');
}

/**
 * How each test of a target measured, below its table: one line per test, tool and method (the places
 * that share them listed), the summary in the reader's language and the script's exact method text as
 * code when it says more. The exact commands are in the JSON export.
 */
function methodSection(results: TestResult[], t: TFunction, lang: Lang): string[] {
  const groups = new Map<string, { r: TestResult; places: string[] }>();
  for (const r of results) {
    const key = `${r.test}\0${toolText(r)}\0${r.tool?.method ?? ''}`;
    const g = groups.get(key) ?? { r, places: [] };
    g.places.push(placeLabel(r.place, lang));
    groups.set(key, g);
  }
  if (groups.size === 0) return [];
  const out = ['', `**${t('report:md.method')}**`, ''];
  for (const { r, places } of groups.values()) {
    const summary = methodSummary(r, lang);
    out.push(`- **${oneLine(testLabel(r.test, lang))}** (${places.join(', ')}) — ${oneLine(toolText(r))}: ${oneLine(summary)}`);
    if (r.tool?.method && r.tool.method !== summary) out.push(`  - ${code(oneLine(r.tool.method))}`);
  }
  out.push('', t('report:md.commandsInJson'));
  return out;
}

function settingsLine(settings: Record<string, unknown>): string {
  const parts = Object.entries(settings)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${k}=${String(v)}`);
  return parts.join(', ');
}

/** The filesystems a target has mounted, without their paths (a guest's mount points are often the host's paths): "ext4 (/), virtiofs ×2". */
function mountsLine(mounts: MountInfo[]): string {
  const root = mounts.filter((m) => m.path === '/').map((m) => `${m.fstype} (/)`);
  const count = new Map<string, number>();
  for (const m of mounts) if (m.path !== '/') count.set(m.fstype, (count.get(m.fstype) ?? 0) + 1);
  return [...root, ...[...count].map(([fs, n]) => (n > 1 ? `${fs} ×${n}` : fs))].map(cell).join(', ');
}

/** A run as Markdown in a language: header with date, suite, app version and host; one results table per target. */
export function runToMarkdown(input: Run, ctx?: RedactContext, lang: Lang = 'en'): string {
  const t = translator(lang);
  const run = redactRun(input, ctx);
  const out: string[] = [];
  const label = (k: string): string => `**${t(`report:md.${k}`)}:**`;
  out.push(`# ${t('report:md.title', { date: formatDate(run.startedAt, lang) })}`, '');
  out.push(`- ${label('run')} ${code(run.id)} (${t(`common:status.${run.status}`)})`);
  out.push(`- ${label('suite')} ${t(`common:suite.${run.suite}`)} (${run.tests.join(', ')})`);
  out.push(`- **vmbench:** ${t('report:md.on', { version: run.app.version, platform: `${run.app.platform}/${run.app.arch}` })}`);
  out.push(`- ${label('host')} ${describeProbe(hostProbe(run), lang)}`);
  out.push('', t('report:md.intro'));
  const unstable = unstableMetrics(run);
  if (unstable.length) out.push('', `**${unstableLeadText(unstable, lang)}**`, '', ...unstable.map((u) => `- ${oneLine(unstableItemText(u, lang))}`));
  for (const tr of run.targets) {
    out.push('', `## ${cell(targetName(tr, lang))} (${code(tr.id)}, ${tr.runtime})`, '');
    out.push(`- ${label('system')} ${describeProbe(tr.probe, lang)}`);
    const mounts = mountsLine(tr.probe?.mounts ?? []);
    if (mounts) out.push(`- ${label('mounts')} ${mounts}`);
    const s = settingsLine(tr.settings ?? {});
    if (s) out.push(`- ${label('settings')} ${s}`);
    out.push('');
    const rows: string[][] = [];
    for (const r of tr.results) {
      for (const [metric, st] of Object.entries(r.metrics)) {
        const info = metricInfo(metric, lang, r.test);
        const ratio = medianRatio(run, tr, r.place, r.test, metric, st.median);
        rows.push([
          testLabel(r.test, lang),
          placeLabel(r.place, lang),
          info.label,
          formatNumber(st.median, lang),
          formatNumber(st.min, lang),
          formatNumber(st.max, lang),
          String(st.n),
          info.unit,
          formatRatio(isBaseline(run, tr, r.place) ? 1 : ratio, lang),
          toolText(r),
        ]);
      }
    }
    if (rows.length) {
      const head = ['test', 'place', 'metric', 'median', 'min', 'max', 'n', 'unit', 'ratio', 'tool'].map((c) => t(`report:md.col.${c}`));
      out.push(...table(head, rows, [3, 4, 5, 6, 8]));
      out.push(...methodSection(tr.results, t, lang));
    } else {
      out.push(t('report:md.noResults'));
    }
    if (tr.errors?.length) {
      out.push('', `**${t('report:md.errors')}**`, '');
      for (const e of tr.errors) out.push(`- ${testLabel(e.test, lang)} (${placeLabel(e.place, lang)}): ${e.code} — ${cell(errorText(e, lang))}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** A comparison as Markdown in a language: metric, before, after (geometric means of the trials), the ratio with its interval and the verdict. */
export function comparisonToMarkdown(input: Comparison, ctx?: RedactContext, lang: Lang = 'en'): string {
  const t = translator(lang);
  const cmp = redactComparison(input, ctx);
  const out: string[] = [];
  const side = (k: 'before' | 'after', x: Comparison['a']): string =>
    `- **${t(`report:md.${k}`)}:** ${code(x.id)} — ${formatDate(x.startedAt, lang)}, ${t('report:md.suiteOf', { suite: t(`common:suite.${x.suite}`) })}`;
  out.push(`# ${t('report:md.compareTitle')}`, '');
  out.push(side('before', cmp.a), side('after', cmp.b));
  if (cmp.settings?.length) {
    out.push('', `**${t('report:md.settingsChanged')}**`, '');
    for (const s of cmp.settings) out.push(`- ${code(s.target)} ${s.setting}: ${code(String(s.a ?? MISSING))} → ${code(String(s.b ?? MISSING))}`);
  }
  out.push(
    '',
    `**${summaryLine(cmp.summary, lang)}.**`,
    '',
    `${t('report:md.geoMeans')} ${methodText(lang)} ${t('report:md.family', { family: cmp.method.family, level: levelText(cmp.method.level) })}`,
    '',
  );
  const rows = cmp.rows.map((r) => {
    const info = metricInfo(r.metric, lang, r.test);
    const v = (x: number | null): string => formatWithUnit(x, info.unit, lang);
    return [
      r.target === 'local' ? t('common:thisMachine') : r.target,
      testLabel(r.test, lang),
      placeLabel(r.place, lang),
      info.label,
      v(r.a),
      v(r.b),
      formatInterval(r.ratio, r.ci, lang),
      verdictWord(r.verdict, lang),
    ];
  });
  const head = ['target', 'test', 'place', 'metric', 'before', 'after', 'ci'].map((c) => t(`report:md.col.${c}`));
  if (rows.length) out.push(...table([...head, ''], rows, [4, 5, 6]));
  else out.push(t('report:md.nothing'));
  return `${out.join('\n')}\n`;
}
