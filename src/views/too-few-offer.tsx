import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import type { Comparison } from '../../electron/contract';
import { startRun } from '../store/actions';
import { useAppStore } from '../store/app-store';

/** When trials were too few to decide (or only large changes could show), offers a re-run of the after side with the thorough suite. */
export function TooFewOffer({ comparison }: { comparison: Comparison }): JSX.Element | null {
  const { t } = useUi();
  const running = useAppStore((s) => Boolean(s.activeJobId && s.jobs.jobs[s.activeJobId]?.status === 'running'));
  const { summary, b, a } = comparison;
  const fewTrials = comparison.rows.some((r) => r.verdict === 'noise' && Math.min(r.nA, r.nB) < 5);
  if (b.suite === 'thorough' || (summary.undecided === 0 && !fewTrials)) return null;
  const text =
    summary.undecided > 0
      ? t('tooFew.undecided', { count: summary.undecided })
      : t('tooFew.few');
  return (
    <p className="banner banner-warn too-few" data-testid="too-few-offer">
      <span className="banner-text">
        {text} {t('tooFew.thorough')}
      </span>
      <button type="button" className="btn" disabled={running} onClick={() => void startRun('thorough', { targets: b.targets, tests: b.tests, before: a.id })}>
        {t('tooFew.rerun')}
      </button>
    </p>
  );
}
