/**
 * The one rule that marks a number of a run unstable, shared by every face (Results, the CLI's run table,
 * `--json`, the Markdown export): each test's primary metric (test-catalogue.ts) in every place, marked
 * when a step that may add trials still had an interval wider than its target after the maximum of trials
 * (its trials record decides), else when its trials' min–max spread is wider than ±UNSTABLE_SPREAD of the median.
 */
import type { Place, Run, Stat, TargetRun, TestId, TrialsRecord } from '../contract/contract.js';
import { formatNumber } from './format.js';
import { targetLabel } from './headline.js';
import { translator, type Lang } from '../messages/i18n.js';
import { metricInfo } from '../measurement/metrics.js';
import { testSpec } from '../contract/test-catalogue.js';
import { roundTo, unmetTarget } from '../measurement/trial-stats.js';

/** The stated target of a stable metric without adaptive trials: its trials' min and max within ±15% of their median. */
export const UNSTABLE_SPREAD = 0.15;

/** A test's primary metric that stayed unstable in one place. */
export interface UnstableMetric {
  target: TargetRun;
  test: TestId;
  place: Place;
  metric: string;
  stat: Stat;
  /** Half the min–max range over the median (0.55 = ±55%). */
  spread: number;
  /** Adaptive trials: the record of a metric whose interval stayed wider than the target after the maximum of trials. */
  trials?: TrialsRecord;
}

/** Half the min–max range of a statistic over its median, or null when it cannot be told (one trial, no median). */
export function spreadOf(stat: Stat): number | null {
  return stat.n >= 2 && stat.median > 0 ? (stat.max - stat.min) / 2 / stat.median : null;
}

/** Each test's primary metric, in every place of a run, that stayed unstable (the rule above). */
export function unstableMetrics(run: Pick<Run, 'targets'>): UnstableMetric[] {
  const out: UnstableMetric[] = [];
  for (const target of run.targets) {
    for (const r of target.results) {
      const metric = testSpec(r.test)?.primary;
      const stat = metric ? r.metrics[metric] : undefined;
      const spread = stat ? spreadOf(stat) : null;
      if (!metric || !stat || spread === null) continue;
      if (r.trials) {
        const unmet = unmetTarget(r);
        if (unmet && unmet.metric === metric) out.push({ target, test: r.test, place: r.place, metric, stat, spread, trials: unmet });
      } else if (spread > UNSTABLE_SPREAD) out.push({ target, test: r.test, place: r.place, metric, stat, spread });
    }
  }
  return out;
}

/** The sentence before the list of unstable numbers, in a language (the interval's wording when every one had adaptive trials). */
export function unstableLeadText(list: readonly UnstableMetric[], lang: Lang): string {
  const t = translator(lang);
  return list.every((u) => u.trials)
    ? t('common:unstable.leadTrials', { count: list.length })
    : t(list.every((u) => u.test === 'command') ? 'common:unstable.leadRuns' : 'common:unstable.lead', {
        count: list.length,
        target: Math.round(UNSTABLE_SPREAD * 100),
      });
}

/** One unstable number in a language: "Create files · This machine · native: 23,250–62,125 files/s (±68%, 3 trials)", with the interval after adaptive trials. */
export function unstableItemText(u: UnstableMetric, lang: Lang): string {
  const t = translator(lang);
  const info = metricInfo(u.metric, lang, u.test);
  const place = `${targetLabel(u.target, lang)} · ${t(`common:place.${u.place}`)}`;
  // A command's numbers come from runs of the user's command, not a test's trials.
  const item = t(u.test === 'command' ? 'common:unstable.itemRuns' : 'common:unstable.item', {
    metric: info.label,
    place,
    min: formatNumber(u.stat.min, lang),
    max: formatNumber(u.stat.max, lang),
    unit: info.unit,
    spread: Math.round(u.spread * 100),
    n: u.stat.n,
  });
  if (!u.trials) return item;
  return `${item} ${t('common:unstable.trials', { width: Math.round((u.trials.widths.at(-1) ?? 0) * 100), target: Math.round(u.trials.target * 1000) / 10, n: u.trials.taken })}`;
}

/** The unstable numbers of a run as `--json` and the JSON export state them: the rule in words and each metric with its spread. */
export interface UnstableReport {
  /** The rule, in English (the catalogue's common:unstable.rule). */
  rule: string;
  /** The spread limit of a step without adaptive trials (0.15 = ±15% of the median). */
  spreadLimit: number;
  metrics: {
    target: string;
    place: Place;
    test: TestId;
    metric: string;
    median: number;
    min: number;
    max: number;
    n: number;
    /** Half the min–max range over the median, rounded to 0.001. */
    spread: number;
    /** What marked it: the trials' spread, or the interval after the maximum of adaptive trials. */
    by: 'spread' | 'interval';
    trials?: TrialsRecord;
  }[];
}

/** The unstable numbers of a run for JSON (the same list Results and the CLI show). */
export function unstableReport(run: Pick<Run, 'targets'>): UnstableReport {
  return {
    rule: translator('en')('common:unstable.rule', { target: Math.round(UNSTABLE_SPREAD * 100) }),
    spreadLimit: UNSTABLE_SPREAD,
    metrics: unstableMetrics(run).map((u) => ({
      target: u.target.id,
      place: u.place,
      test: u.test,
      metric: u.metric,
      median: u.stat.median,
      min: u.stat.min,
      max: u.stat.max,
      n: u.stat.n,
      spread: roundTo(u.spread, 3),
      by: u.trials ? 'interval' : 'spread',
      ...(u.trials ? { trials: u.trials } : {}),
    })),
  };
}
