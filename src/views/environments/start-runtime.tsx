import { useState, type JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { TFunction } from 'i18next';
import type { RuntimeInfo } from '../../../electron/contract/contract.js';
import { translator } from '../../../electron/messages/i18n.js';
import { getApi } from '../../api/get-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { refreshDetect } from '../../store/actions';
import { describeError, useAppStore } from '../../store/app-store';
import { errorText } from '../../../electron/messages/error-text.js';
import { uiLang } from '../../lib/i18n';

/** Why a runtime's targets cannot be selected, in words (null when they can). */
export function unusableReason(rt: RuntimeInfo, t: TFunction<'ui'> = translator('en') as TFunction<'ui'>): string | null {
  const name = rt.name;
  switch (rt.state) {
    case 'running':
      return null;
    case 'stopped':
      return rt.startArgv ? t('ui:start.stopped', { name }) : t('ui:start.stoppedApp', { name });
    case 'not-created':
      return t('ui:start.notCreated', { name });
    default:
      return rt.reason ? t('ui:start.unreachableAbove', { name }) : t('ui:start.unreachable', { name });
  }
}

/** The reason a stopped runtime cannot be selected, and a Start button that runs its own CLI after a confirmation. */
export function StartRuntime({ runtime }: { runtime: RuntimeInfo }): JSX.Element | null {
  const { t } = useUi();
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = unusableReason(runtime, t);
  if (!reason) return null;
  const command = runtime.startArgv?.join(' ');
  const start = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    setStatus(t('start.starting', { name: runtime.name, command }));
    try {
      await getApi().startRuntime(runtime.id);
      setStatus(t('start.started', { name: runtime.name }));
      await refreshDetect();
      // The user started it to benchmark it: select its targets once they are usable.
      const now = useAppStore.getState().detect?.runtimes.find((r) => r.id === runtime.id);
      if (now?.state === 'running') {
        const sel = useAppStore.getState().selectedTargets;
        useAppStore.setState({ selectedTargets: [...sel, ...now.targets.map((t) => t.id).filter((id) => !sel.includes(id))] });
      }
    } catch (err) {
      setStatus(null);
      // The engine's own message names the runtime already; an unexpected failure gets the name added.
      setError(describeError(err).ref ? errorText(err, uiLang()) : t('start.failed', { name: runtime.name, message: (err as Error).message }));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <div className="start-runtime" data-testid="start-runtime">
      <p className="small" id={`why-${runtime.id}`} data-testid="unusable-reason">
        {reason}
      </p>
      {command ? (
        <button type="button" className="btn btn-small" data-testid="start-button" disabled={busy} onClick={() => setAsking(true)}>
          {t('start.button')}…
        </button>
      ) : null}
      {status ? (
        <p className="small" role="status">
          {status}
        </p>
      ) : null}
      {error ? (
        <p className="small error" role="alert">
          {error}
        </p>
      ) : null}
      {asking && command ? (
        <ConfirmDialog
          title={t('start.confirmTitle', { name: runtime.name })}
          confirmLabel={t('start.button')}
          busy={busy}
          onCancel={() => setAsking(false)}
          onConfirm={() => void start()}
        >
          <p>{t('start.willRun')}</p>
          <pre className="mono small" data-testid="start-command">
            {command}
          </pre>
          <p className="small">{t('start.boots')}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
