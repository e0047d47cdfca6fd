import { useState, type JSX } from 'react';
import type { Run } from '../../electron/shared/contract.js';
import { ConfirmDialog } from '../components/confirm-dialog';
import { MISSING } from '../../electron/shared/format.js';
import { fmtEta, fmtNum } from '../lib/format';
import { metricMeta } from '../lib/metrics';
import { placeName } from '../lib/run-data';
import { UNSTABLE_SPREAD, unstableMetrics } from '../lib/unstable';
import { useUi } from '../lib/use-ui';
import { startRun } from '../store/actions';
import { useAppStore } from '../store/app-store';

/** Marks the metrics of a run whose trials spread wider than the target, with their range, and offers to run the same plan again (a thorough one after a confirmation with its duration). */
export function UnstableNotice({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const busy = useAppStore((s) => s.starting || Boolean(s.activeJobId && s.jobs.jobs[s.activeJobId]?.status === 'running'));
  const [asking, setAsking] = useState(false);
  const unstable = unstableMetrics(run);
  if (unstable.length === 0) return null;
  const rerun = (): void => {
    setAsking(false);
    void startRun(run.suite, { targets: run.targets.map((x) => x.id), tests: run.tests });
  };
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  const took = Number.isFinite(ms) && ms > 0 ? fmtEta(ms / 1000, t) : MISSING;
  return (
    <div className="banner banner-warn unstable" data-testid="unstable-notice">
      <div className="banner-text">
        <p>{unstable.every((u) => u.trials) ? t('unstable.leadTrials', { count: unstable.length }) : t('unstable.lead', { count: unstable.length, target: Math.round(UNSTABLE_SPREAD * 100) })}</p>
        <ul className="unstable-list">
          {unstable.map((u) => {
            const meta = metricMeta(u.metric, u.test);
            return (
              <li key={`${u.target.id}|${u.place}|${u.test}`} data-testid="unstable-metric" data-metric={u.metric} data-spread={u.spread.toFixed(3)}>
                {t('unstable.item', { metric: meta.label, place: placeName(u.target, u.place), min: fmtNum(u.stat.min), max: fmtNum(u.stat.max), unit: meta.unit, spread: Math.round(u.spread * 100), n: u.stat.n })}
                {u.trials ? ` ${t('unstable.trials', { width: Math.round((u.trials.widths.at(-1) ?? 0) * 100), target: Math.round(u.trials.target * 1000) / 10, n: u.trials.taken })}` : null}
              </li>
            );
          })}
        </ul>
      </div>
      <button type="button" className="btn" data-testid="unstable-rerun" disabled={busy} onClick={() => (run.suite === 'thorough' ? setAsking(true) : rerun())}>
        {t('unstable.rerun')}
      </button>
      {asking ? (
        <ConfirmDialog title={t('unstable.confirmTitle')} confirmLabel={t('unstable.rerun')} onCancel={() => setAsking(false)} onConfirm={rerun}>
          <p data-testid="unstable-confirm-text">{t('unstable.confirmBody', { took })}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
