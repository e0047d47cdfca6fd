import { useState, type JSX } from 'react';
import type { Run } from '../../electron/contract';
import { isFailure } from '../../electron/engine/run-status';
import { Icon } from '../components/icons';
import { copyText } from '../lib/download';
import { failedTests, failureHelp, failureOs, groupTargetErrors } from '../lib/failure-help';
import { startRun } from '../store/actions';
import { useAppStore } from '../store/app-store';

/** One banner per target that did not end ok: the cause in a sentence, the fix in the app's terms, and Retry for that target. */
export function TargetBanners({ run }: { run: Run }): JSX.Element | null {
  const running = useAppStore((s) => Boolean(s.activeJobId && s.jobs.jobs[s.activeJobId]?.status === 'running'));
  const [copied, setCopied] = useState<string | null>(null);
  const bad = run.targets.filter((t) => t.status !== 'ok');
  if (bad.length === 0) return null;
  return (
    <div className="banners target-banners" data-testid="target-banners">
      {bad.map((t) => {
        const main = groupTargetErrors(t).find(isFailure);
        const help = main ? failureHelp(main, failureOs(run, t)) : { cause: 'No test produced a result.', fix: 'Retry.' };
        const total = t.results.length + t.errors.length;
        const failed = t.status === 'failed';
        const tests = failedTests(t);
        return (
          <section key={t.id} className={`banner ${failed ? 'banner-error' : 'banner-warn'}`} aria-label={`${t.label || t.id}: ${t.status}`} data-testid="target-banner" data-target={t.id} data-status={t.status}>
            <Icon name="alert" />
            <div className="banner-text">
              <p className="banner-title">
                <strong>{t.label || t.id}</strong>: {failed ? 'failed' : `partial, ${t.errors.filter(isFailure).length} of ${total} steps failed`}. {help.cause}
              </p>
              <p className="banner-fix">{help.fix}</p>
              {help.command ? (
                <p className="banner-command">
                  <code>{help.command}</code>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => void copyText(help.command!).then(() => setCopied(t.id))}
                    aria-label={`Copy the command ${help.command}`}
                  >
                    <Icon name="copy" />
                    {copied === t.id ? 'Copied' : 'Copy'}
                  </button>
                </p>
              ) : null}
            </div>
            {tests.length > 0 ? (
              <button
                type="button"
                className="btn"
                data-testid="retry-target"
                disabled={running}
                onClick={() => void startRun(run.suite, { targets: [t.id], tests })}
                aria-label={`Retry ${tests.join(', ')} on ${t.label || t.id}`}
              >
                <Icon name="refresh" />
                Retry
              </button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
