import type { Place, Run, Stat, TargetRun, TestId, TrialsRecord } from '../../electron/shared/contract.js';
import { unmetTarget } from '../../electron/shared/trial-stats.js';
import { HEADLINE } from './metrics';

/** The stated target of a stable metric: its trials' min and max within ±15% of their median. */
export const UNSTABLE_SPREAD = 0.15;

/** A test's headline metric whose trials spread wider than the target. */
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

/** Each test's headline metric, in every place of a run, that stayed unstable: with adaptive trials, its interval still wider than the target after the maximum of trials; in runs without them, its spread wider than UNSTABLE_SPREAD. */
export function unstableMetrics(run: Run): UnstableMetric[] {
  const out: UnstableMetric[] = [];
  for (const target of run.targets) {
    for (const r of target.results) {
      const metric = HEADLINE[r.test];
      const stat = metric ? r.metrics[metric] : undefined;
      const spread = stat ? spreadOf(stat) : null;
      if (!stat || spread === null) continue;
      if (r.trials) {
        const unmet = unmetTarget(r);
        if (unmet && unmet.metric === metric) out.push({ target, test: r.test, place: r.place, metric, stat, spread, trials: unmet });
      } else if (spread > UNSTABLE_SPREAD) out.push({ target, test: r.test, place: r.place, metric, stat, spread });
    }
  }
  return out;
}
