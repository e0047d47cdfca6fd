import { useState, type JSX } from 'react';
import type { Run } from '../../../electron/contract/contract.js';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { MISSING } from '../../../electron/presentation/format.js';
import { unstableItemText, unstableLeadText, unstableMetrics } from '../../../electron/presentation/unstable.js';
import { fmtEta } from '../../lib/format';
import { uiLang } from '../../lib/i18n';
import { useUi } from '../../lib/use-ui';
import { startRun } from '../../store/actions';
import { useAppStore } from '../../store/app-store';
import { startCommand } from '../../store/command-actions';
import { rerunSpec } from '../../store/command-form';
import { commandText } from '../../../electron/presentation/command-line.js';
import { RerunConfirm } from './command-rerun';

/** Marks the metrics of a run whose trials spread wider than the target, with their range, and offers to run the same plan again (a thorough one after a confirmation with its duration). */
export function UnstableNotice({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const busy = useAppStore((s) => s.starting || Boolean(s.activeJobId && s.jobs.jobs[s.activeJobId]?.status === 'running'));
  const [asking, setAsking] = useState(false);
  const [confirmCommand, setConfirmCommand] = useState(false);
  const unstable = unstableMetrics(run);
  if (unstable.length === 0) return null;
  const command = commandText(run);
  const rerun = (): void => {
    setAsking(false);
    // A command run runs its command again: this machine's as it was asked, an imported one only once its text is confirmed.
    if (command) {
      const own = rerunSpec(run);
      if (own.ok) void startCommand(own.spec);
      else setConfirmCommand(true);
      return;
    }
    void startRun(run.suite, { targets: run.targets.map((x) => x.id), tests: run.tests });
  };
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  const took = Number.isFinite(ms) && ms > 0 ? fmtEta(ms / 1000, t) : MISSING;
  return (
    <div className="banner banner-warn unstable" data-testid="unstable-notice">
      <div className="banner-text">
        <p>{unstableLeadText(unstable, uiLang())}</p>
        <ul className="unstable-list">
          {unstable.map((u) => (
            <li key={`${u.target.id}|${u.place}|${u.test}`} data-testid="unstable-metric" data-metric={u.metric} data-spread={u.spread.toFixed(3)}>
              {unstableItemText(u, uiLang())}
            </li>
          ))}
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
      {confirmCommand && command ? <RerunConfirm run={run} command={command} onClose={() => setConfirmCommand(false)} /> : null}
    </div>
  );
}
