import type { TFunction } from 'i18next';
// Named as before so this file merges with the s15plan branch's changes to it; the formatter is format.ts's.
import { formatAbout, formatAboutRange } from '../../electron/presentation/format.js';
import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import type { EstimateRequest, Place, Suite, TargetInfo, TestId } from '../../electron/contract/contract.js';
import {
  DEV_TESTS,
  SCRIPT_TESTS,
  SERVICE_TESTS,
  suiteTrials,
  targetEstimateSec,
  targetMaxEstimateSec,
  targetVerdictSec,
} from '../../electron/measurement/plan-estimate.js';
import { targetLabel } from '../../electron/presentation/headline.js';
import { uiLang } from '../lib/i18n';
import { PLACE_LABEL } from '../lib/metrics';
import { useAppStore } from '../store/app-store';
import { chosenTests } from '../store/actions';
import { useRunEstimate } from '../lib/use-run-estimate';
import { estimateSourceText } from './run-progress';

/** A suite's trials as its label says them: "3 trials", or "5–8 trials" where its tests may add trials (plan-estimate.ts suiteTrials, as the CLI's step line). */
export function suiteTrialsText(suite: Suite, t: TFunction<'ui'>, tests?: readonly TestId[]): string {
  const { min, max } = suiteTrials(suite, tests);
  return max > min ? t('trials.range', { min, max }) : t('trials.count', { count: min });
}

/** One chosen target and how long it should take: with the suite's minimum of trials, and with its maximum. */
export interface PlannedTarget {
  id: string;
  label: string;
  places: Place[];
  seconds: number;
  maxSeconds: number;
  /** Seconds until its verdicts (its set-up and headlines); 0 without a headline. */
  verdictSeconds: number;
}

/** The targets a click on "Benchmark my setup" would measure, each with its estimate (This machine first). */
export function plannedTargets(
  targets: TargetInfo[],
  selected: string[],
  suite: Parameters<typeof targetEstimateSec>[0],
  services: boolean,
  devTree = false,
): PlannedTarget[] {
  const tests: TestId[] = [...SCRIPT_TESTS, ...(devTree ? DEV_TESTS : []), ...(services ? SERVICE_TESTS : [])];
  const chosen = targets.filter((t) => t.id === 'local' || selected.includes(t.id));
  if (!chosen.some((t) => t.id === 'local')) chosen.unshift({ id: 'local', label: 'This machine', places: ['native'] } as TargetInfo);
  return chosen.map((t) => ({
    id: t.id,
    label: t.label,
    places: t.places,
    seconds: targetEstimateSec(suite, tests, t.places),
    maxSeconds: targetMaxEstimateSec(suite, tests, t.places),
    verdictSeconds: targetVerdictSec(suite, tests, t.places),
  }));
}

/** The engine's question for a plan: the suite, the tests a click would run (as startRun sends them) and each target's places. */
export function estimateRequest(plan: PlannedTarget[], suite: Suite, services: boolean, devTree: boolean): EstimateRequest {
  const tests = chosenTests(devTree, services, suite);
  return { suite, ...(tests ? { tests } : {}), targets: plan.filter((p) => p.places.length > 0).map((p) => ({ id: p.id, places: p.places })) };
}

/** The chosen targets with an estimated duration each, and the total, shown next to the primary button: the engine's figure (from this machine's past runs, else the plan) once it answers, the static plan until then. */
export function RunPlan(): JSX.Element {
  const { t } = useUi();
  const suite = useAppStore((s) => s.suite);
  const services = useAppStore((s) => s.services);
  const devTree = useAppStore((s) => s.devTree);
  const selected = useAppStore((s) => s.selectedTargets);
  const detect = useAppStore((s) => s.detect);
  const runs = useAppStore((s) => s.runs);
  const statics = plannedTargets(detect?.runtimes.flatMap((r) => r.targets) ?? [], selected, suite, services, devTree);
  const estimate = useRunEstimate(estimateRequest(statics, suite, services, devTree), runs);
  const plan = statics.map((p) => {
    const e = estimate?.targets.find((x) => x.id === p.id);
    return e ? { ...p, seconds: e.seconds, maxSeconds: e.maxSeconds } : p;
  });
  const total = estimate?.seconds ?? plan.reduce((a, p) => a + p.seconds, 0);
  const maxTotal = estimate?.maxSeconds ?? plan.reduce((a, p) => a + p.maxSeconds, 0);
  // When every verdict is in (set-ups, then each place's headline, which run first): the engine's figure, else the plan's.
  const verdicts = estimate ? (estimate.verdictSeconds ?? 0) : plan.reduce((a, p) => a + p.verdictSeconds, 0);
  const source = estimate?.source ?? { kind: 'plan' as const };
  const sourceText = estimateSourceText(source, estimate?.steps ?? 0, t);
  return (
    <div className="run-plan" data-testid="run-plan" aria-label={t('plan.label')}>
      <span
        className="run-plan-total"
        data-testid="run-plan-total"
        data-source={source.kind}
        data-ready={estimate ? 'true' : 'false'}
        data-seconds={total}
        data-max-seconds={maxTotal}
        data-verdict-seconds={verdicts || undefined}
        title={sourceText}
      >
        {verdicts > 0
          ? t('plan.totalWithVerdicts', { verdicts: formatAbout(verdicts, t), about: formatAboutRange(total, maxTotal, t) })
          : t('plan.total', { about: formatAboutRange(total, maxTotal, t) })}
        {/* Where the figure comes from: a tooltip, and read out by screen readers; written out it made the header two lines at 1024 px. */}
        <span className="run-plan-source sr-only" data-testid="run-plan-source">
          {' · '}
          {sourceText}
        </span>
      </span>
      <ul className="run-plan-list">
        {plan.map((p) => (
          <li
            key={p.id}
            className="run-plan-item"
            data-testid="run-plan-item"
            data-target={p.id}
            title={t('plan.itemTitle', { name: targetLabel(p, uiLang()), places: p.places.map((x) => PLACE_LABEL[x] ?? x).join(', ') })}
          >
            <span className="run-plan-name">{targetLabel(p, uiLang())}</span>
            <span className="run-plan-meta">
              {/* The places go in the compact header (header.css); the tooltip still names them. */}
              <span className="run-plan-places">
                {p.places.length === 1 ? (PLACE_LABEL[p.places[0]] ?? p.places[0]) : t('plan.places', { count: p.places.length })} ·{' '}
              </span>
              {formatAboutRange(p.seconds, p.maxSeconds, t)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
