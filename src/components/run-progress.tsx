import { useEffect, useRef, type JSX } from 'react';
import { useUi } from '../lib/use-ui';
import { cancelRun, enoughRun } from '../store/actions';
import { useAppStore } from '../store/app-store';
import type { JobState } from '../store/job-reducer';
import { cursorText, liveEtaSec, overallPercent, targetProgress } from '../store/job-selectors';
import { useNow } from '../lib/use-now';
import type { EstimateSource } from '../../electron/contract/contract.js';
import type { TFunction } from 'i18next';
import { fmtEta } from '../lib/format';
import { targetLabel } from '../../electron/presentation/headline.js';
import { uiLang } from '../lib/i18n';
import { Icon } from '../lib/icons';
import { LiveNumbers } from './live-numbers';
import { CommandLive } from './command-live';
import { etaRiseText } from '../../electron/presentation/eta-rise.js';

/** "from your last 3 runs", "from your last 2 runs and the plan", "from the plan". */
export function estimateSourceText(source: EstimateSource | null, steps: number, t: TFunction<'ui'>): string {
  if (!source || source.kind === 'plan') return t('progress.fromPlan');
  return source.steps >= steps ? t('progress.fromRuns', { count: source.runs }) : t('progress.fromRunsAndPlan', { count: source.runs });
}

/** The live view of a running job: overall bar, per-target bars, current step, ETA, Cancel. */
export function RunProgress({ job }: { job: JobState }): JSX.Element {
  const { t } = useUi();
  const cancelling = useAppStore((s) => s.cancelling);
  const enough = useAppStore((s) => s.enough);
  // "That's enough" while the run has headlines and something after them: it stops once every verdict is in.
  const headlines = job.plan.filter((s) => s.headline).length;
  const canStop = headlines > 0 && headlines < job.plan.length;
  const detect = useAppStore((s) => s.detect);
  const labels = detect?.runtimes.flatMap((r) => r.targets) ?? [];
  const pct = overallPercent(job);
  // The ETA counts down every second between the engine's events.
  const now = useNow(1000, job.status === 'running');
  const eta = liveEtaSec(job, now);
  const text = cursorText(job, t);
  const perTarget = targetProgress(job);
  const label = (id: string): string => targetLabel(labels.find((x) => x.id === id) ?? { id }, uiLang());
  const panel = useRef<HTMLElement>(null);
  // Keyboard focus follows the run: onto the panel (its Cancel is one Tab away) when it starts.
  useEffect(() => panel.current?.focus(), []);
  return (
    <section ref={panel} tabIndex={-1} className="run-panel running" aria-label={t('progress.label')} data-testid="run-panel" data-seq={job.lastSeq}>
      <div className="run-head">
        <div className="run-title">
          <span className="pulse" aria-hidden="true" />
          <span>{t('progress.title')}</span>
          <span className="run-current" data-testid="progress-text">
            {text}
          </span>
        </div>
        <div className="run-meta">
          <span className="run-pct">{pct}%</span>
          <span className="run-eta" data-testid="eta" data-eta-sec={eta ?? ''}>
            {t('progress.eta', { eta: fmtEta(eta, t) })}
          </span>
          <span className="run-eta-source muted" data-testid="eta-source" data-source={job.estimate?.kind ?? 'plan'}>
            {estimateSourceText(job.estimate, job.plan.length, t)}
          </span>
          <button type="button" className="btn btn-danger" data-testid="cancel-button" disabled={cancelling} onClick={() => void cancelRun()}>
            <Icon name="stop" />
            {cancelling ? t('progress.cancelling') : t('common.cancel')}
          </button>
          {/* After Cancel, which stays one Tab away from the panel. */}
          {canStop ? (
            <button
              type="button"
              className="btn"
              data-testid="enough-button"
              disabled={enough || cancelling}
              title={t('progress.enoughHint')}
              onClick={() => void enoughRun()}
            >
              {enough ? t('progress.enoughAsked') : t('progress.enough')}
            </button>
          ) : null}
        </div>
      </div>
      <div
        className="bar bar-main"
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={`${pct}% · ${text}`}
        data-testid="progressbar"
      >
        <div className="bar-fill" style={{ width: `${pct}%` }} />
      </div>
      {job.etaRise ? (
        <p className="run-eta-rise muted" data-testid="eta-rise" data-why={job.etaRise.why}>
          {etaRiseText(job.etaRise, job.plan, uiLang(), { duration: (s) => fmtEta(s, t), target: label })}
        </p>
      ) : null}
      {perTarget.length > 0 ? (
        <ul className="target-progress" data-testid="target-progress">
          {perTarget.map((tp) => (
            <li key={tp.target}>
              <span className="tp-name">{label(tp.target)}</span>
              <div className={`bar bar-small${tp.failedSteps > 0 ? (tp.failedSteps >= tp.doneSteps ? ' bar-failed' : ' bar-partial') : ''}`} aria-hidden="true">
                <div className="bar-fill" style={{ width: `${tp.percent}%` }} />
              </div>
              <span className="tp-count" data-testid="tp-count">
                {t('progress.steps', { done: tp.doneSteps, total: tp.totalSteps })}
                {tp.failedSteps > 0 ? (
                  <span className={tp.failedSteps >= tp.doneSteps ? 'tp-failed' : 'tp-partial'}> · {t('progress.failed', { count: tp.failedSteps })}</span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {job.spec?.command ? <CommandLive job={job} /> : <LiveNumbers job={job} />}
    </section>
  );
}
