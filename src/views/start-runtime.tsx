import { useState, type JSX } from 'react';
import type { RuntimeInfo } from '../../electron/contract';
import { getApi } from '../api/get-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { refreshDetect } from '../store/actions';
import { useAppStore } from '../store/app-store';

/** Why a runtime's targets cannot be selected, in words (null when they can). */
export function unusableReason(rt: RuntimeInfo): string | null {
  switch (rt.state) {
    case 'running':
      return null;
    case 'stopped':
      return rt.startArgv ? `${rt.name} is stopped, so it cannot be benchmarked. Start it first.` : `${rt.name} is stopped, so it cannot be benchmarked. Start it with its own app, then press Refresh.`;
    case 'not-created':
      return `${rt.name} has not been created yet, so there is nothing to benchmark.`;
    default:
      return `vmbench cannot reach ${rt.name}${rt.reason ? ' (the reason is above)' : ''}, so it cannot be benchmarked.`;
  }
}

/** The reason a stopped runtime cannot be selected, and a Start button that runs its own CLI after a confirmation. */
export function StartRuntime({ runtime }: { runtime: RuntimeInfo }): JSX.Element | null {
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reason = unusableReason(runtime);
  if (!reason) return null;
  const command = runtime.startArgv?.join(' ');
  const start = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    setStatus(`Starting ${runtime.name} (${command})… a VM can take a few minutes to boot.`);
    try {
      await getApi().startRuntime(runtime.id);
      setStatus(`${runtime.name} started.`);
      await refreshDetect();
      // The user started it to benchmark it: select its targets once they are usable.
      const now = useAppStore.getState().detect?.runtimes.find((r) => r.id === runtime.id);
      if (now?.state === 'running') {
        const sel = useAppStore.getState().selectedTargets;
        useAppStore.setState({ selectedTargets: [...sel, ...now.targets.map((t) => t.id).filter((id) => !sel.includes(id))] });
      }
    } catch (err) {
      setStatus(null);
      setError(`Could not start ${runtime.name}: ${(err as Error).message}`);
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
          Start…
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
        <ConfirmDialog title={`Start ${runtime.name}?`} confirmLabel="Start" busy={busy} onCancel={() => setAsking(false)} onConfirm={() => void start()}>
          <p>vmbench will run this command on your machine:</p>
          <pre className="mono small" data-testid="start-command">{command}</pre>
          <p className="small">It boots the VM with its current settings; nothing is changed. It uses memory and CPU until you stop it again.</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
