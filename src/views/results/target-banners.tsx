import { useState, type JSX } from 'react';
import { useLang, useUi } from '../../lib/use-ui';
import type { Run } from '../../../electron/contract/contract.js';
import { isFailure } from '../../../electron/contract/run-status.js';
import { Icon } from '../../lib/icons';
import { copyText } from '../../lib/download';
import { failedTests, failureHelp, failureOs, groupTargetErrors } from '../../lib/failure-help';
import { startRun } from '../../store/actions';
import { useAppStore } from '../../store/app-store';

/** One banner per target that did not end ok: the cause in a sentence, the fix in the app's terms, and Retry for that target. */
export function TargetBanners({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  const running = useAppStore((s) => Boolean(s.activeJobId && s.jobs.jobs[s.activeJobId]?.status === 'running'));
  const [copied, setCopied] = useState<string | null>(null);
  const bad = run.targets.filter((x) => x.status !== 'ok');
  if (bad.length === 0) return null;
  return (
    <div className="banners target-banners" data-testid="target-banners">
      {bad.map((tg) => {
        const main = groupTargetErrors(tg).find(isFailure);
        const help = main ? failureHelp(main, failureOs(run, tg), lang) : { cause: t('banner.noResult'), fix: t('banner.retryFix') };
        const total = tg.results.length + tg.errors.length;
        const failed = tg.status === 'failed';
        const tests = failedTests(tg);
        return (
          <section
            key={tg.id}
            className={`banner ${failed ? 'banner-error' : 'banner-warn'}`}
            aria-label={`${tg.label || tg.id}: ${t(`status.${tg.status}`)}`}
            data-testid="target-banner"
            data-target={tg.id}
            data-status={tg.status}
          >
            <Icon name="alert" />
            <div className="banner-text">
              <p className="banner-title">
                <strong>{tg.label || tg.id}</strong>: {failed ? t('status.failed') : t('banner.partial', { n: tg.errors.filter(isFailure).length, total })}
                {t('banner.end')}
                {help.cause}
              </p>
              <p className="banner-fix">{help.fix}</p>
              {help.command ? (
                <p className="banner-command">
                  <code>{help.command}</code>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => void copyText(help.command!).then(() => setCopied(tg.id))}
                    aria-label={t('banner.copyCommand', { command: help.command })}
                  >
                    <Icon name="copy" />
                    {copied === tg.id ? t('share.copied') : t('banner.copy')}
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
                onClick={() => void startRun(run.suite, { targets: [tg.id], tests })}
                aria-label={t('banner.retryLabel', { tests: tests.join(', '), target: tg.label || tg.id })}
              >
                <Icon name="refresh" />
                {t('banner.retry')}
              </button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
