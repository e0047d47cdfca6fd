import type { Comparison, Run, RunSummary } from '../contract/contract.js';
import { isFailure } from '../contract/run-status.js';
import { groupTargetErrors } from '../messages/error-groups.js';
import { errorText } from '../messages/error-text.js';
import { MISSING, formatBytes, formatDate, formatDecimal, formatInterval, formatRatio, formatSettingValue } from '../presentation/format.js';
import { runHeadlines } from '../presentation/headline.js';
import { translator, type Lang } from '../messages/i18n.js';
import { metricInfo } from '../measurement/metrics.js';
import { medianRatio } from '../measurement/native-ratio.js';
import { terminalSafe } from '../presentation/terminal-safe.js';
import { unstableItemText, unstableLeadText, unstableMetrics } from '../presentation/unstable.js';
import { levelText, methodText, summaryLine, verdictWord } from '../measurement/verdict-stats.js';
import { fmt, formatTable } from './table.js';

/** The summary table of a run in a language: one line per target/place/test/metric, with the ratio to native. */
export function runTable(run: Run, lang: Lang = 'en'): string {
  const t = translator(lang);
  const rows: (string | number)[][] = [];
  for (const tr of run.targets) {
    for (const r of tr.results) {
      for (const [m, s] of Object.entries(r.metrics)) {
        const ratio = medianRatio(run, tr, r.place, r.test, m, s.median);
        rows.push([
          tr.id,
          t(`common:place.${r.place}`),
          r.test,
          m,
          fmt(s.median, lang),
          fmt(s.min, lang),
          fmt(s.max, lang),
          s.n,
          metricInfo(m, lang).unit,
          ratio === null ? MISSING : formatRatio(ratio, lang),
        ]);
      }
    }
  }
  const tools = [...new Set(run.targets.flatMap((tr) => tr.results.map((r) => `${r.tool.name} ${r.tool.version ?? ''}`.trim())))].join(', ');
  const errors = run.targets.flatMap((tr) =>
    groupTargetErrors(tr).map(
      (g) =>
        `  ${tr.id} (${t('cli:run.steps', { count: g.count })}: ${g.steps.map((x) => `${x.test} ${t(`common:place.${x.place}`)}`).join(', ')}) ${g.code}: ${errorText(g, lang)}`,
    ),
  );
  const headlines = runHeadlines(run, lang).map((h) => `  ${h.text}`);
  // The user's command, and each place's copy of the project on its own line: never counted in the times above.
  const commands = run.targets.flatMap((tr) => tr.results.filter((r) => r.test === 'command').map((r) => ({ tr, r })));
  const commandText = commands.map(({ r }) => r.params.commandText).find((c) => typeof c === 'string');
  const copies = commands
    .filter(({ r }) => typeof r.params.copySec === 'number' && r.params.inPlace !== true)
    .map(({ tr, r }) => `  ${tr.id} ${t(`common:place.${r.place}`)}: ${formatDecimal(r.params.copySec as number, lang, 2)} s`);
  // A guest whose shares did not hold the project got a copy uploaded first: that too on its own line, never counted.
  const uploads = commands
    .filter(({ r }) => typeof r.params.uploadSec === 'number')
    .map(
      ({ tr, r }) =>
        `  ${tr.id} ${t(`common:place.${r.place}`)}: ${formatDecimal(r.params.uploadSec as number, lang, 2)} s (${formatBytes(r.params.uploadBytes as number, lang)})`,
    );
  const unstable = unstableMetrics(run);
  const cols = ['target', 'place', 'test', 'metric', 'median', 'min', 'max', 'n', 'unit', 'vsNative'].map((c) => t(`cli:col.${c}`));
  const targetLine = (tr: Run['targets'][number]): string =>
    `  ${tr.id}: ${t(`common:status.${tr.status}`)}${tr.status === 'ok' ? '' : ` (${t('cli:run.stepsFailed', { failed: tr.errors.filter(isFailure).length, total: tr.errors.length + tr.results.length })})`}`;
  return [
    run.tests.length === 1 && run.tests[0] === 'command'
      ? t('cli:run.headerCommand', { id: run.id, status: t(`common:status.${run.status}`) })
      : t('cli:run.header', { id: run.id, suite: t(`common:suite.${run.suite}`), status: t(`common:status.${run.status}`) }),
    ...(commandText ? [t('cli:run.command', { command: terminalSafe(commandText) })] : []),
    formatTable(cols, rows),
    ...(uploads.length ? [t('cli:run.uploads'), ...uploads] : []),
    ...(copies.length ? [t('cli:run.copies'), ...copies] : []),
    t('cli:run.tools', { tools: tools || t('cli:run.toolsNone') }),
    t('cli:run.targets'),
    ...run.targets.map(targetLine),
    ...(headlines.length ? [t('cli:run.headline'), ...headlines] : []),
    ...(unstable.length ? [`! ${unstableLeadText(unstable, lang)}`, ...unstable.map((u) => `  ${unstableItemText(u, lang)}`)] : []),
    ...(errors.length ? [t('cli:run.errors'), ...errors] : []),
  ].join('\n');
}

/** The history as a table, in a language. */
export function runsTable(runs: RunSummary[], lang: Lang = 'en'): string {
  const t = translator(lang);
  if (runs.length === 0) return t('cli:runs.none');
  // With imported runs in the list, a machine column keeps them apart from this machine's own.
  const machines = runs.some((r) => r.origin);
  return formatTable(
    ['id', ...(machines ? ['machine'] : []), 'started', 'suite', 'status', 'targets', 'headline'].map((c) => t(`cli:col.${c}`)),
    runs.map((r) => [
      r.id,
      ...(machines ? [r.origin ? t('cli:runs.imported', { machine: r.origin.machine }) : t('common:thisMachine')] : []),
      formatDate(r.startedAt, lang),
      t(`common:suite.${r.suite}`),
      t(`common:status.${r.status}`),
      r.targets.join(','),
      Object.entries(r.headline)
        .map(([m, v]) => `${m} ${fmt(v, lang)}`)
        .join(', '),
    ]),
  );
}

/** A comparison as a table in a language: before, after (geometric means of the trials, what the ratio is of), the ratio with its interval (the one number of change) and the verdict. */
export function compareTable(cmp: Comparison, lang: Lang = 'en'): string {
  const t = translator(lang);
  const cross = cmp.machines !== undefined;
  const rows = cmp.rows.map((r) => [
    r.target,
    t(`common:place.${r.place}`),
    r.test,
    r.metric,
    fmt(r.a, lang),
    fmt(r.b, lang),
    ...(cross ? [r.nativeA == null ? MISSING : formatRatio(r.nativeA, lang), r.nativeB == null ? MISSING : formatRatio(r.nativeB, lang)] : []),
    formatInterval(r.ratio, r.ci, lang),
    `${r.nA}/${r.nB}`,
    verdictWord(r.verdict, lang),
  ]);
  const settings = cmp.settings.map((s) => `  ${s.target} ${s.setting}: ${formatSettingValue(s.a)} → ${formatSettingValue(s.b)}`);
  const cols = ['target', 'place', 'test', 'metric', 'A', 'B', ...(cross ? ['nativeA', 'nativeB'] : []), 'ratio', 'trials', 'verdict'].map((c) =>
    c.length === 1 ? c : t(`cli:col.${c}`),
  );
  const m = cmp.machines;
  return [
    m ? t('cli:compare.machineA', { id: cmp.a.id, machine: terminalSafe(m.a) }) : t('cli:compare.a', { id: cmp.a.id }),
    m ? t('cli:compare.machineB', { id: cmp.b.id, machine: terminalSafe(m.b) }) : t('cli:compare.b', { id: cmp.b.id }),
    ...(settings.length ? [t(m ? 'cli:compare.machineSettings' : 'cli:compare.settings'), ...settings] : []),
    summaryLine(cmp.summary, lang),
    formatTable(cols, rows),
    t('cli:compare.figures'),
    t('cli:compare.method', { text: methodText(lang, cross) }),
    t('cli:compare.family', { family: cmp.method.family, level: levelText(cmp.method.level) }),
  ].join('\n');
}
