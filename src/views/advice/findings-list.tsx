import { useState, type JSX } from 'react';
import type { ApplyPlan, ApplyResult, Finding, RuntimeInfo } from '../../../electron/contract/contract.js';
import { getApi } from '../../api/get-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { findingText } from '../../../electron/messages/finding-text.js';
import { formatSettingValue } from '../../../electron/presentation/format.js';
import { errorText, planNotes, restartWhy } from '../../../electron/messages/error-text.js';
import { useAdviceT } from '../../lib/advice-words';
import { latestRunWith, startRun } from '../../store/actions';

/** Badge class per severity. */
export const SEVERITY_CLASS: Record<Finding['severity'], string> = {
  high: 'badge badge-failed',
  medium: 'badge badge-stopped',
  low: 'badge badge-not-created',
  info: 'badge badge-completed',
};

/** How to make the change by hand: the command, the file diff, or the runtime's own GUI steps (in the page's language when given). */
export function HowToApply({ apply, steps }: { apply: NonNullable<Finding['apply']>; steps?: string[] }): JSX.Element {
  if (apply.kind === 'command') return <pre className="mono small">{apply.argv.join(' ')}</pre>;
  if (apply.kind === 'file')
    return (
      <>
        <p className="muted small mono">{apply.path}</p>
        <pre className="mono small">{apply.diff}</pre>
      </>
    );
  return (
    <ol className="small">
      {(steps ?? apply.steps).map((s, i) => (
        <li key={i}>{s}</li>
      ))}
    </ol>
  );
}

/** What the confirmation dialog shows of a plan: commands, diff, backup folder, the restart asked about afterwards (and why), notes; in the page's language. */
export function PlanDetails({ plan }: { plan: ApplyPlan }): JSX.Element {
  const { t, lang } = useAdviceT();
  return (
    <>
      {(plan.argv ?? []).map((a, i) => (
        <pre key={i} className="mono small">
          {a.join(' ')}
        </pre>
      ))}
      {plan.diff ? <pre className="mono small">{plan.diff}</pre> : null}
      {plan.backupDir ? (
        <p className="small">
          {t('view.backup')} <span className="mono">{plan.backupDir}</span>
        </p>
      ) : null}
      {plan.restart ? (
        <p className="small">
          {t('view.afterwards')} <span className="mono">{plan.restart.argv.join(' ')}</span> — {restartWhy(plan.restart, lang)}
        </p>
      ) : null}
      {planNotes(plan, lang).map((n, i) => (
        <p key={i} className="small muted">
          {n}
        </p>
      ))}
    </>
  );
}

/** "Apply…" for one finding: fetches the plan, confirms it in a dialog, applies and shows the result. */
export function ApplyFinding({ finding }: { finding: Finding }): JSX.Element | null {
  const { t, lang } = useAdviceT();
  const [plan, setPlan] = useState<ApplyPlan | null>(null);
  const [result, setResult] = useState<ApplyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [askRestart, setAskRestart] = useState(false);
  const [restarted, setRestarted] = useState<string | null>(null);
  if (finding.apply?.kind !== 'command' && finding.apply?.kind !== 'file') return null;
  const open = async (): Promise<void> => {
    setError(null);
    setResult(null);
    setBusy(true);
    try {
      setPlan(await getApi().planApply(finding.id));
    } catch (err) {
      setError(errorText(err, lang));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async (): Promise<void> => {
    setBusy(true);
    try {
      // The plan shown is the one applied: the engine refuses it if the file or XML changed since.
      if (!plan?.planId) throw new Error(t('view.noPlan'));
      setResult(await getApi().applyFinding(plan.planId));
    } catch (err) {
      setError(errorText(err, lang));
    } finally {
      setBusy(false);
      setPlan(null);
    }
  };
  const runtimeId = finding.id.slice(0, finding.id.lastIndexOf('/'));
  const verifyFrom = result?.rerun ? latestRunWith(result.rerun.targets[result.rerun.targets.length - 1]) : undefined;
  const restart = async (): Promise<void> => {
    setBusy(true);
    setRestarted(t('view.restarting'));
    try {
      if (!result?.restart?.planId) throw new Error(t('view.restartNotOffered'));
      await getApi().restartRuntime(result.restart.planId);
      setRestarted(t('view.restarted', { id: runtimeId }));
    } catch (err) {
      setRestarted(null);
      setError(errorText(err, lang));
    } finally {
      setBusy(false);
      setAskRestart(false);
    }
  };
  return (
    <div className="apply-finding">
      <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={() => void open()}>
        {t('view.apply')}
      </button>
      {error ? (
        <p className="small error" role="alert">
          {error}
        </p>
      ) : null}
      {result ? (
        <div className="small" role="status">
          <p>
            {t(result.ok ? 'view.applied' : result.rolledBack ? 'view.rolledBack' : 'view.failed', {
              message: errorText({ message: result.message, ref: result.messageRef }, lang),
            })}
          </p>
          {result.backupDir ? (
            <p className="mono">
              {t('view.backup')} {result.backupDir}
            </p>
          ) : null}
          {result.restart ? (
            <p>
              {t('view.takeEffect')} <span className="mono">{result.restart.argv.join(' ')}</span> — {restartWhy(result.restart, lang)}{' '}
              {result.ok && !restarted ? (
                <button type="button" className="small" data-testid="restart-runtime" disabled={busy} onClick={() => setAskRestart(true)}>
                  {t('view.restartNow')}
                </button>
              ) : null}
            </p>
          ) : null}
          {restarted ? <p>{restarted}</p> : null}
          {result.rerun ? (
            <p>
              <button
                type="button"
                className="small"
                data-testid="rerun-affected"
                onClick={() => void startRun(undefined, { ...result.rerun!, before: verifyFrom })}
              >
                {t('view.rerun')}
              </button>{' '}
              {t('view.rerunNote', { tests: result.rerun.tests.join(', ') })}
            </p>
          ) : null}
        </div>
      ) : null}
      {askRestart ? (
        <ConfirmDialog
          title={t('view.restartTitle', { id: runtimeId })}
          confirmLabel={t('view.restartConfirm')}
          busy={busy}
          onCancel={() => setAskRestart(false)}
          onConfirm={() => void restart()}
        >
          <p>{t('view.restartBody')}</p>
        </ConfirmDialog>
      ) : null}
      {plan ? (
        <ConfirmDialog
          title={t('view.applyTitle', { setting: finding.setting, rec: String(finding.recommended) })}
          confirmLabel={t('view.applyConfirm')}
          busy={busy}
          onCancel={() => setPlan(null)}
          onConfirm={() => void confirm()}
        >
          <PlanDetails plan={plan} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The advisor's findings for one runtime: severity, current → recommended, evidence, risk, how to apply. */
export function FindingsList({ runtime }: { runtime: RuntimeInfo }): JSX.Element | null {
  const { t, lang } = useAdviceT();
  const findings = runtime.findings ?? [];
  if (!findings.length) return null;
  return (
    <section className="findings" data-testid="findings" aria-label={t('view.recommendationsFor', { name: runtime.name })}>
      <h3 className="small">{t('view.recommendations')}</h3>
      <ul className="findings-list">
        {findings.map((f) => {
          const text = findingText(f, lang);
          return (
            <li key={f.id} data-testid="finding" data-finding-id={f.id}>
              <p>
                <span className={SEVERITY_CLASS[f.severity] ?? 'badge'}>{t(`severity.${f.severity}`)}</span> <span className="mono">{f.setting}</span>:{' '}
                <span className="mono">{formatSettingValue(f.current)}</span> → <strong className="mono">{formatSettingValue(f.recommended)}</strong>
              </p>
              <p className="small">{text.evidence}</p>
              {text.risk ? <p className="muted small">{t('view.risk', { risk: text.risk })}</p> : null}
              {f.apply ? (
                <details>
                  <summary className="small">{t('view.howToApply')}</summary>
                  <HowToApply apply={f.apply} steps={text.steps} />
                </details>
              ) : null}
              {/* Only what vmbench can change itself gets Apply; GUI-only settings have their How to steps above. */}
              {f.apply && f.apply.kind !== 'steps' ? <ApplyFinding finding={f} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
