import { Suspense, type JSX } from 'react';
import { reasonText } from '../../../electron/messages/error-text.js';
import { targetLabel } from '../../../electron/presentation/headline.js';
import { uiLang } from '../../lib/i18n';
import { useLang, useUi } from '../../lib/use-ui';
import type { RuntimeInfo } from '../../../electron/contract/contract.js';
import { StateBadge } from '../../components/state-badge';
import { useAppStore } from '../../store/app-store';
import { FindingsList } from '../advice/findings-list';
import { ProbeFacts } from './probe-facts';
import { SettingsList } from './settings-list';
import { StartRuntime } from './start-runtime';
import { PlaceVerdicts } from '../parts/place-verdicts';
import type { VerdictTarget } from '../../../electron/presentation/place-verdict.js';

/** The active job's headlines so far, target by target (labels from detection), for the verdicts on the cards. */
function useJobHeadlines(): VerdictTarget[] {
  const headlines = useAppStore((s) => (s.activeJobId ? s.jobs.jobs[s.activeJobId]?.headlines : undefined));
  const detect = useAppStore((s) => s.detect);
  if (!headlines?.length) return [];
  const known = (detect?.runtimes ?? []).flatMap((r) => r.targets.map((x) => ({ ...x, runtime: r.id })));
  const ids = [...new Set(headlines.map((h) => h.target))];
  return ids.map((id) => {
    const k = known.find((x) => x.id === id);
    const mine = headlines.filter((h) => h.target === id);
    return { id, label: k?.label ?? mine[0].label ?? id, runtime: k?.runtime ?? id, results: mine.map((h) => h.result) };
  });
}

/** What the runtime's tools printed (each command and the tail of its output), verbatim, behind a keyboard-reachable "Details" toggle: the sentence above says what happened and what to do. */
function ReasonDetails({ detail }: { detail?: string }): JSX.Element | null {
  const { t } = useUi();
  if (!detail) return null;
  return (
    <details className="reason-details" data-testid="reason-details">
      <summary>{t('runtime.details')}</summary>
      <pre className="mono small">{detail}</pre>
    </details>
  );
}

/** A runtime: name, state, version, settings (configured vs active), probe facts, target checkboxes; `checking` while a fresh detection has not answered for it. */
export function RuntimeCard({ runtime, checking = false }: { runtime: RuntimeInfo; checking?: boolean }): JSX.Element {
  const { t } = useUi();
  const selected = useAppStore((s) => s.selectedTargets);
  const toggle = useAppStore((s) => s.toggleTarget);
  const isLocal = runtime.id === 'local';
  const reason = reasonText(runtime, useLang());
  const headlines = useJobHeadlines();
  return (
    <article
      className="card runtime-card"
      data-testid="runtime-card"
      data-runtime-id={runtime.id}
      data-checking={checking ? 'true' : undefined}
      aria-busy={checking}
      aria-labelledby={`rt-${runtime.id}`}
    >
      <header className="card-head">
        <div>
          <h2 className="card-title" id={`rt-${runtime.id}`}>
            {runtime.id === 'local' ? targetLabel({ id: 'local', label: runtime.name }, uiLang()) : runtime.name}
          </h2>
          <p className="card-sub">
            <span className="mono">{runtime.id}</span>
            {runtime.version ? <span> · {runtime.version}</span> : null}
            {isLocal ? <span className="tag">{t('runtime.baseline')}</span> : null}
          </p>
        </div>
        {checking ? (
          <span
            className="badge badge-checking"
            data-testid="state-badge"
            title={t('runtime.lastSeen', { state: t(`state.${runtime.state}`, { defaultValue: runtime.state }) })}
          >
            <span className="badge-dot" aria-hidden="true" />
            {t('runtime.checking')}
          </span>
        ) : (
          <StateBadge state={runtime.state} />
        )}
      </header>
      {runtime.state === 'unknown' && reason ? (
        <div className="reason" data-testid="runtime-reason">
          <p>{reason}</p>
          <ReasonDetails detail={runtime.reasonDetail} />
        </div>
      ) : null}
      {reason && runtime.state !== 'unknown' ? (
        <div className="muted small reason-quiet" data-testid="runtime-reason-quiet">
          <p>{reason}</p>
          <ReasonDetails detail={runtime.reasonDetail} />
        </div>
      ) : null}
      {/* Its places' verdicts as soon as their headlines land (the run goes on with the other tests). */}
      <PlaceVerdicts targets={headlines} only={runtime.targets.map((x) => x.id)} compact />
      <div className="runtime-body">
        <div className="runtime-col">
          {runtime.targets.length > 0 ? (
            <fieldset className="targets">
              <legend>{t('runtime.benchmark')}</legend>
              {runtime.targets.map((tg) => {
                const locked = tg.id === 'local';
                const usable = runtime.state === 'running';
                return (
                  <label key={tg.id} className="check">
                    <input
                      type="checkbox"
                      data-testid={`target-${tg.id}`}
                      checked={locked || selected.includes(tg.id)}
                      disabled={locked || !usable}
                      aria-describedby={!locked && !usable && !checking ? `why-${runtime.id}` : undefined}
                      onChange={() => toggle(tg.id)}
                    />
                    <span>{targetLabel(tg, uiLang())}</span>
                    <span className="muted small">
                      {locked
                        ? t('runtime.always')
                        : tg.places.map((p) => t(`common:place.${p}`, { defaultValue: p })).join(t('common:listSeparator', { defaultValue: ', ' }))}
                    </span>
                  </label>
                );
              })}
              {checking ? null : <StartRuntime runtime={runtime} />}
            </fieldset>
          ) : null}
          <SettingsList runtime={runtime} />
        </div>
        {runtime.probe ? (
          <div className="runtime-col">
            <ProbeFacts probe={runtime.probe} />
          </div>
        ) : null}
      </div>
      {/* The advice words are not in the first load: the findings appear once they are in, the card does not wait. */}
      {runtime.findings?.length ? (
        <Suspense fallback={null}>
          <FindingsList runtime={runtime} />
        </Suspense>
      ) : null}
    </article>
  );
}
