import type { JSX } from 'react';
import type { TFunction } from 'i18next';
import type { DetectResult, EvidenceRow, Finding, RuntimeInfo } from '../../../electron/contract/contract.js';
import { EmptyState } from '../../components/empty-state';
import { Spinner } from '../../components/spinner';
import { findingText } from '../../../electron/messages/finding-text.js';
import { formatFactor } from '../../../electron/presentation/format.js';
import type { Lang } from '../../../electron/messages/i18n.js';
import { targetLabel } from '../../../electron/presentation/headline.js';
import { adviceTitle, effectLine, useAdviceT, yoursLine } from '../../lib/advice-words';
import { useAppStore } from '../../store/app-store';
import { formatSettingValue } from '../../../electron/presentation/format.js';
import { ApplyFinding, HowToApply, SEVERITY_CLASS } from './findings-list';
import { NotMeasured, notMeasured } from './not-measured';

function gainWords(f: Finding, t: TFunction, lang: Lang, basis: string | undefined): string | null {
  if (f.alreadyFine) return t('view.alreadyFine');
  if (f.gain === null || f.gain === undefined) return null;
  const x = formatFactor(f.gain, lang);
  return f.gainSource === 'measured' ? t('view.expectedMeasured', { x }) : t('view.expectedPublished', { x, basis: basis ?? t('view.seeEvidence') });
}

function AdviceCard({ f, rt }: { f: Finding; rt: RuntimeInfo }): JSX.Element {
  const { t, lang } = useAdviceT();
  const text = findingText(f, lang);
  const yours = yoursLine(f, lang);
  const gain = gainWords(f, t, lang, text.gainBasis);
  const appliable = f.apply && f.apply.kind !== 'steps';
  return (
    <li className={`card advice-card${f.alreadyFine ? ' advice-fine' : ''}`} data-testid="advice-card" data-finding-id={f.id} data-rank={f.rank}>
      <div className="advice-head">
        <span className="advice-rank" aria-label={t('view.rank', { rank: f.rank })}>
          {f.rank}
        </span>
        <h2 className="advice-title">{adviceTitle(f, rt, lang)}</h2>
        <span className={SEVERITY_CLASS[f.severity] ?? 'badge'}>{t(`severity.${f.severity}`)}</span>
      </div>
      <p className="small mono advice-change">
        {f.setting}: {formatSettingValue(f.current)} → <strong>{formatSettingValue(f.recommended)}</strong>
      </p>
      <p className="advice-effect">{effectLine(f, lang)}</p>
      {yours || gain ? (
        <p className="advice-yours" data-testid="advice-yours">
          {yours ? <strong>{yours}</strong> : null}
          {yours && gain ? ' · ' : null}
          {gain ? <span className={f.alreadyFine ? 'muted' : ''}>{gain}</span> : null}
        </p>
      ) : null}
      {text.risk ? <p className="small muted">{t('view.risk', { risk: text.risk })}</p> : null}
      <details className="small advice-evidence">
        <summary>{t('view.evidence')}</summary>
        {text.evidenceTable?.length ? <EvidenceTable rows={text.evidenceTable} /> : <p>{text.evidence}</p>}
      </details>
      {f.apply && !appliable ? (
        <details className="small" data-testid="advice-howto" open>
          <summary>{t('view.howTo')}</summary>
          <HowToApply apply={f.apply} steps={text.steps} />
        </details>
      ) : null}
      {appliable ? <ApplyFinding finding={f} /> : null}
    </li>
  );
}

/** The published measurements behind a finding: one row per source. */
function EvidenceTable({ rows }: { rows: EvidenceRow[] }): JSX.Element {
  const { t } = useAdviceT();
  return (
    <div className="table-scroll">
      <table className="table evidence-table" data-testid="evidence-table">
        <thead>
          <tr>
            <th scope="col">{t('view.source')}</th>
            <th scope="col">{t('view.date')}</th>
            <th scope="col">{t('view.machine')}</th>
            <th scope="col">{t('view.numbers')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>{r.source}</td>
              <td>{r.date}</td>
              <td>{r.machine}</td>
              <td>{r.numbers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The view: the store's detection and history count. */
export function AdviceView(): JSX.Element {
  const detect = useAppStore((s) => s.detect);
  const runs = useAppStore((s) => s.runs?.runs.length ?? 0);
  const { t } = useAdviceT();
  if (!detect) return <Spinner label={t('view.looking')} />;
  return <AdviceList detect={detect} runs={runs} />;
}

/** Every finding of every runtime, ranked by expected gain; what was checked when nothing needs to change. */
export function AdviceList({ detect, runs }: { detect: DetectResult; runs: number }): JSX.Element {
  const { t, lang } = useAdviceT();
  const stored = useAppStore((s) => s.runs);
  const unmeasured = notMeasured(detect, stored?.runs ?? []).length > 0;
  const items = detect.runtimes.flatMap((rt) => (rt.findings ?? []).map((f) => ({ f, rt }))).sort((a, b) => (a.f.rank ?? 999) - (b.f.rank ?? 999));
  if (items.length === 0) {
    const names = detect.runtimes
      .map((r) => (r.id === 'local' ? targetLabel({ id: 'local', label: r.name }, lang) : r.name))
      .join(t('common:listSeparator', { defaultValue: ', ' }));
    return (
      <div className="view advice-view">
        <NotMeasured detect={detect} />
        <EmptyState icon="check" title={t(unmeasured ? 'view.nothingYetTitle' : 'view.nothingTitle')}>
          <span data-testid="advice-empty">
            {t('view.checked', { count: detect.runtimes.length, names })}
            {runs ? t('view.againstRuns', { count: runs }) : ''}
            {t('view.noneSlower')}
          </span>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="view advice-view">
      <NotMeasured detect={detect} />
      <p className="muted small">{t('view.rankedBy')}</p>
      <ol className="advice-list" data-testid="advice-list">
        {items.map(({ f, rt }) => (
          <AdviceCard key={f.id} f={f} rt={rt} />
        ))}
      </ol>
    </div>
  );
}
