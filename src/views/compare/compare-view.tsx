import { useEffect, type JSX } from 'react';
import { Trans } from 'react-i18next';
import { useUi } from '../../lib/use-ui';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../lib/icons';
import { Spinner } from '../../components/spinner';
import { summaryLine } from '../../../electron/measurement/verdict-stats.js';
import { fmtDate } from '../../lib/format';
import { uiLang } from '../../lib/i18n';
import { loadCompare } from '../../store/actions';
import { useAppStore } from '../../store/app-store';
import { CompareChart } from './compare-chart';
import { CompareTable } from './compare-table';
import { MethodNote } from '../parts/method-note';
import { TooFewOffer } from './too-few-offer';
import { SettingsChanges } from './settings-changes';
import { RunPicker } from '../parts/run-picker';
import { ServiceCompare } from './service-compare';

/** Before (A) and after (B) pickers and the per-metric comparison table. */
export function CompareView(): JSX.Element {
  const { t } = useUi();
  const runs = useAppStore((s) => s.runs);
  const a = useAppStore((s) => s.compareA);
  const b = useAppStore((s) => s.compareB);
  const comparison = useAppStore((s) => s.comparison);
  const loading = useAppStore((s) => s.compareLoading);

  useEffect(() => {
    const s = useAppStore.getState();
    if (a && b && !s.comparison && !s.compareLoading) void loadCompare(a, b);
  }, [a, b]);

  if (!runs || runs.runs.length < 2) {
    return (
      <EmptyState icon="compare" title={t('compare.emptyTitle')}>
        <Trans t={t} i18nKey="compare.emptyBody" components={{ b: <strong /> }} />
      </EmptyState>
    );
  }
  // The engine names this machine's side "This machine"; imported runs carry their own label.
  const machines = comparison?.machines
    ? { a: comparison.a.origin ? comparison.machines.a : t('common:thisMachine'), b: comparison.b.origin ? comparison.machines.b : t('common:thisMachine') }
    : undefined;
  const share = (): void => {
    useAppStore.setState({ shareRunId: b, shareCompareTo: a, view: 'share' });
  };
  return (
    <div className="view">
      <div className="view-toolbar compare-toolbar">
        <div className="pickers">
          <RunPicker label={t('compare.a')} runs={runs.runs} value={a} other={b} onChange={(id) => void loadCompare(id || null, b)} testId="compare-a" />
          <span className="arrow" aria-hidden="true">
            →
          </span>
          <RunPicker label={t('compare.b')} runs={runs.runs} value={b} other={a} onChange={(id) => void loadCompare(a, id || null)} testId="compare-b" />
        </div>
        <div className="toolbar-actions">
          <button type="button" className="btn" disabled={!a || !b} onClick={() => void loadCompare(b, a)}>
            {t('compare.swap')}
          </button>
          <button type="button" className="btn btn-accent" disabled={!comparison} onClick={share}>
            <Icon name="share" />
            {t('view.share.title')}
          </button>
        </div>
      </div>
      {loading ? <Spinner label={t('compare.comparing')} /> : null}
      {a && b && a === b ? <p className="muted">{t('compare.same')}</p> : null}
      {comparison ? (
        <>
          {machines ? (
            <>
              <p className="compare-machines strong" data-testid="compare-machines">
                {t('compare.machines', machines)}
              </p>
              <SettingsChanges changes={comparison.settings ?? []} labels={machines} />
              <p className="small muted">{t('compare.crossNote')}</p>
            </>
          ) : null}
          {comparison.commands ? (
            <p className="banner banner-warn" role="note" data-testid="compare-commands-differ">
              {t('command.differ', comparison.commands)}
            </p>
          ) : null}
          <p className="compare-summary" data-testid="compare-summary">
            <strong>{summaryLine(comparison.summary, uiLang())}</strong>
          </p>
          <p className="muted small compare-caption">
            {fmtDate(comparison.a.startedAt)} ({t(`common:suite.${comparison.a.suite}`)}) → {fmtDate(comparison.b.startedAt)} (
            {t(`common:suite.${comparison.b.suite}`)})
          </p>
          <MethodNote crossMachine={!!comparison.machines} />
          {/* Re-running with more trials measures this machine: an imported run cannot be re-run here. */}
          {/* A command's runs are its own (not a suite's trials): a thorough re-run does not apply to it. */}
          {comparison.machines || comparison.b.command ? null : <TooFewOffer comparison={comparison} />}
          {comparison.machines ? null : <SettingsChanges changes={comparison.settings ?? []} />}
          <CompareChart comparison={comparison} />
          <ServiceCompare comparison={comparison} />
          <CompareTable comparison={comparison} />
        </>
      ) : null}
    </div>
  );
}
