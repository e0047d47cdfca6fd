import { useState, type JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { Comparison } from '../../../electron/contract/contract.js';
import { targetEstimateSec, targetMaxEstimateSec } from '../../../electron/measurement/plan-estimate.js';
import { targetLabel } from '../../../electron/presentation/headline.js';
import { formatAboutRange } from '../../../electron/presentation/format.js';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { suiteTrialsText } from '../../components/run-plan';
import { uiLang } from '../../lib/i18n';
import { startRun } from '../../store/actions';
import { useAppStore } from '../../store/app-store';

/** When trials were too few to decide (or only large changes could show), offers a re-run of the after side with the thorough suite: its duration on the button, a confirmation before it starts. */
export function TooFewOffer({ comparison }: { comparison: Comparison }): JSX.Element | null {
  const { t } = useUi();
  const running = useAppStore((s) => Boolean(s.activeJobId && s.jobs.jobs[s.activeJobId]?.status === 'running'));
  const detect = useAppStore((s) => s.detect);
  const detected = detect?.runtimes.flatMap((r) => r.targets) ?? [];
  const [asking, setAsking] = useState(false);
  const { summary, b, a } = comparison;
  const fewTrials = comparison.rows.some((r) => r.verdict === 'noise' && Math.min(r.nA, r.nB) < 5);
  if (b.suite === 'thorough' || (summary.undecided === 0 && !fewTrials)) return null;
  const text = summary.undecided > 0 ? t('tooFew.undecided', { count: summary.undecided }) : t('tooFew.few');
  // The after run's targets as detected now (their places); This machine measures natively.
  const places = (id: string): ('native' | 'shared' | 'guest' | 'volume')[] =>
    detected.find((x) => x.id === id)?.places ?? (id === 'local' ? ['native'] : ['shared', 'guest']);
  const seconds = b.targets.reduce((sum, id) => sum + targetEstimateSec('thorough', b.tests, places(id)), 0);
  const maxSeconds = b.targets.reduce((sum, id) => sum + targetMaxEstimateSec('thorough', b.tests, places(id)), 0);
  const about = formatAboutRange(seconds, maxSeconds, t);
  const trials = suiteTrialsText('thorough', t, b.tests);
  const names = b.targets
    .map((id) => targetLabel(detected.find((x) => x.id === id) ?? { id }, uiLang()))
    .join(t('common:listSeparator', { defaultValue: ', ' }));
  const start = (): void => {
    setAsking(false);
    void startRun('thorough', { targets: b.targets, tests: b.tests, before: a.id });
  };
  return (
    <p className="banner banner-warn too-few" data-testid="too-few-offer">
      <span className="banner-text">
        {text} {t('tooFew.thorough', { trials })}
      </span>
      <button type="button" className="btn" data-testid="rerun-thorough" disabled={running} onClick={() => setAsking(true)}>
        {t('tooFew.rerunAbout', { about })}
      </button>
      {asking ? (
        <ConfirmDialog title={t('tooFew.confirmTitle')} confirmLabel={t('tooFew.confirmStart')} onCancel={() => setAsking(false)} onConfirm={start}>
          <p data-testid="rerun-thorough-body">{t('tooFew.confirmBody', { about, names, count: b.tests.length, trials })}</p>
        </ConfirmDialog>
      ) : null}
    </p>
  );
}
