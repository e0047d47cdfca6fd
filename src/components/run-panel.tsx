import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import { useAppStore } from '../store/app-store';
import { RunOutcome } from './run-outcome';
import { RunProgress } from './run-progress';

/** Shows the active job: live progress while it runs, its outcome afterwards. */
export function RunPanel(): JSX.Element | null {
  const { t } = useUi();
  const job = useAppStore((s) => (s.activeJobId ? s.jobs.jobs[s.activeJobId] : undefined));
  const activeJobId = useAppStore((s) => s.activeJobId);
  const starting = useAppStore((s) => s.starting);
  if (!job && (starting || activeJobId)) {
    return (
      <section className="run-panel running" aria-label={t('progress.label')}>
        <div className="run-title">
          <span className="pulse" aria-hidden="true" />
          {t('progress.startingRun')}
        </div>
      </section>
    );
  }
  if (!job || !activeJobId) return null;
  if (job.status === 'running') return <RunProgress job={job} />;
  return <RunOutcome job={job} onDismiss={() => useAppStore.setState({ activeJobId: null })} />;
}
