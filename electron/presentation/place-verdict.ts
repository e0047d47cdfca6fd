/**
 * Each place's verdict: its headline (the test that stands for a place, measured first: test-catalogue.ts
 * headlineTest) as a ratio to this machine's native headline, with its interval ("Docker Desktop · shared
 * folder: 0.31× native [0.28–0.34]"). Shown as soon as a place's headline lands (the Environments card and
 * Results while a run goes on, the CLI's progress) and for a stored run. The baseline is native-ratio.ts's,
 * the ratio and its interval are a verdict's (geometric means, Welch on the logs: verdict-stats.ts).
 * Dependency-free like contract.ts.
 */
import type { Place, Run, TargetRun, TestId, TestResult } from '../contract/contract.js';
import { formatInterval, formatWithUnit } from './format.js';
import { targetLabel, samplesOf } from './headline.js';
import { translator, type Lang } from '../messages/i18n.js';
import { HEADLINE_METRIC, metricInfo } from '../measurement/metrics.js';
import { baselineTarget, nativeResult } from '../measurement/native-ratio.js';
import { headlineTest } from '../contract/test-catalogue.js';
import { welchLogRatio } from '../measurement/verdict-stats.js';

/** One place's verdict. */
export interface PlaceVerdict {
  target: string;
  place: Place;
  test: TestId;
  /** The place ÷ the baseline (geometric means of the trials); null for the baseline itself or without one. */
  ratio: number | null;
  ci: [number, number] | null;
  /** This place is the baseline (its median is shown instead of a ratio). */
  baseline: boolean;
  text: string;
}

/** A target as the verdicts need it: its name and its headline results. */
export type VerdictTarget = Pick<TargetRun, 'id' | 'label' | 'runtime'> & { results: TestResult[] };

/** The headline results of a stored run's target: its headlines, else (a headlines-only run, or one stored before headlines) its results of the headline test. */
export function headlineResults(run: Pick<Run, 'tests'>, t: Pick<TargetRun, 'results' | 'headlines'>): TestResult[] {
  if (t.headlines?.length) return t.headlines;
  const test = headlineTest(run.tests);
  return test ? t.results.filter((r) => r.test === test) : [];
}

/** A stored run's targets with their headline results (placeVerdicts' input). */
export function verdictTargets(run: Pick<Run, 'tests' | 'targets'>): VerdictTarget[] {
  return run.targets.map((t) => ({ id: t.id, label: t.label, runtime: t.runtime, results: headlineResults(run, t) }));
}

/** Every place's verdict, target by target in the order of their headlines, in a language. */
export function placeVerdicts(targets: readonly VerdictTarget[], lang: Lang = 'en'): PlaceVerdict[] {
  const t = translator(lang);
  const view = { targets: targets.map((x) => ({ ...x, settings: {}, probe: null, errors: [], status: 'ok' as const })) };
  const base = baselineTarget(view);
  const out: PlaceVerdict[] = [];
  for (const tr of targets) {
    for (const r of tr.results) {
      const metric = HEADLINE_METRIC[r.test];
      const stat = r.metrics[metric];
      if (!metric || !stat) continue;
      const title = `${targetLabel(tr, lang)} · ${t(`common:headline.place.${r.place}`)}`;
      if (base?.id === tr.id && r.place === 'native') {
        const value = formatWithUnit(stat.median, metricInfo(metric, lang, r.test).unit, lang);
        out.push({
          target: tr.id,
          place: r.place,
          test: r.test,
          ratio: null,
          ci: null,
          baseline: true,
          text: t('common:placeVerdict.baseline', { title, value }),
        });
        continue;
      }
      const native = nativeResult(view, r.test, metric);
      const est = native ? welchLogRatio(samplesOf(native, metric), samplesOf(r, metric)) : null;
      const ci: [number, number] | null = est ? [est.lo, est.hi] : null;
      const ratio = est?.ratio ?? null;
      const key = metricInfo(metric, lang, r.test).direction === 'lower' ? 'common:placeVerdict.time' : 'common:placeVerdict.ratio';
      const text = ratio === null ? t('common:placeVerdict.noBaseline', { title }) : t(key, { title, ratio: formatInterval(ratio, ci, lang) });
      out.push({ target: tr.id, place: r.place, test: r.test, ratio, ci, baseline: false, text });
    }
  }
  return out;
}
