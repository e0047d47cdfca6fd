/**
 * The user's own command as a run names it, and its one line: "npm ci: native 3.4 s · Docker Engine bind mount 9.5 s (2.8×) ·
 * volume 3.9 s" (each place's median wall time, and its ratio to native beside it: native-ratio.ts medianRatio). The share card,
 * Results and Compare name a command run through these. Dependency-free like contract.ts.
 */
import type { Run, TestResult } from '../contract/contract.js';
import { translator, type Lang } from '../messages/i18n.js';
import { medianRatio } from '../measurement/native-ratio.js';
import { HEADLINE_METRIC } from '../measurement/metrics.js';
import { formatRatio, formatWithUnit } from './format.js';
import { targetLabel } from './headline.js';

/** The command a run timed: as asked (Run.command), else as its results recorded it (params.commandText); undefined for any other run. */
export function commandText(run: Pick<Run, 'command' | 'targets'>): string | undefined {
  if (run.command?.command) return run.command.command;
  for (const t of run.targets)
    for (const r of t.results) if (r.test === 'command' && typeof r.params.commandText === 'string' && r.params.commandText) return r.params.commandText;
  return undefined;
}

/** Each place's command result, baseline target first, in run order: what the command line and Results list. */
export function commandResults(run: Pick<Run, 'targets'>): { target: Run['targets'][number]; result: TestResult }[] {
  return run.targets.flatMap((target) =>
    target.results.filter((r) => r.test === 'command' && r.metrics[HEADLINE_METRIC.command]).map((result) => ({ target, result })),
  );
}

/**
 * What a command run was, for its facts beside the date (Results, live and stored): "your command: git status, 5 runs" (the timed
 * runs of each place, "3–7 runs" when the places took different numbers; without a count before any place has a result and
 * when the runs were not fixed). Undefined for any other run, which says its suite instead.
 */
export function commandFacts(run: Pick<Run, 'command' | 'targets'>, lang: Lang = 'en'): string | undefined {
  const command = commandText(run);
  if (!command) return undefined;
  const t = translator(lang);
  const counts = commandResults(run).map(({ result }) => result.metrics[HEADLINE_METRIC.command].n);
  if (counts.length === 0 && run.command?.runs === undefined) return t('common:commandLine.facts', { command });
  const [min, max] = counts.length ? [Math.min(...counts), Math.max(...counts)] : [run.command!.runs!, run.command!.runs!];
  if (min === max) return t('common:commandLine.factsRuns', { command, count: min });
  return t('common:commandLine.factsRunsRange', { command, min, max });
}

/** "npm ci: native 3.4 s · Docker Engine bind mount 9.5 s (2.8×) · volume 3.9 s"; undefined when the run timed no command. */
export function commandLine(run: Pick<Run, 'command' | 'targets'>, lang: Lang = 'en'): string | undefined {
  const command = commandText(run);
  const rows = commandResults(run);
  if (!command || rows.length === 0) return undefined;
  const t = translator(lang);
  const metric = HEADLINE_METRIC.command;
  let last = '';
  const parts = rows.map(({ target, result }) => {
    const median = result.metrics[metric].median;
    // A target's name once, before its first place; This machine's native is just "native".
    const own = target.id === 'local' || target.runtime === 'local';
    const who = own || last === target.id ? '' : `${targetLabel(target, lang)} `;
    last = target.id;
    const ratio = medianRatio(run, target, result.place, 'command', metric, median);
    const value = formatWithUnit(median, 's', lang);
    return (
      t('common:commandLine.place', { place: `${who}${t(`common:place.${result.place}`)}`, value }) +
      (ratio === null ? '' : t('common:commandLine.ratio', { ratio: formatRatio(ratio, lang) }))
    );
  });
  return t('common:commandLine.line', { command, places: parts.join(' · ') });
}
