import { useState, type FormEvent, type JSX } from 'react';
import type { RunSummary } from '../../electron/contract';
import { getApi } from '../api/get-api';
import { ConfirmDialog } from '../components/confirm-dialog';
import { fmtDate } from '../lib/format';
import { loadRuns } from '../store/actions';
import { useAppStore } from '../store/app-store';

/** How a run is called in lists: the user's name, else its date (the id stays in the tooltip). */
export function runTitle(run: Pick<RunSummary, 'name' | 'startedAt'>): string {
  return run.name || fmtDate(run.startedAt);
}

/** The run's name (or date) and note; Rename/note and Delete (after a confirmation) as small buttons. */
export function RunAnnotate({ run }: { run: RunSummary }): JSX.Element {
  const [editing, setEditing] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(run.name ?? '');
  const [note, setNote] = useState(run.note ?? '');
  const title = runTitle(run);
  const fail = (err: unknown): void => useAppStore.getState().pushError(err);
  const save = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    try {
      await getApi().annotateRun(run.id, { name, note });
      setEditing(false);
      await loadRuns();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (): Promise<void> => {
    setBusy(true);
    try {
      await getApi().deleteRun(run.id);
      const { runCache } = useAppStore.getState();
      const rest = { ...runCache };
      delete rest[run.id];
      useAppStore.setState({ runCache: rest });
      await loadRuns();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
      setAskDelete(false);
    }
  };
  if (editing) {
    return (
      <form className="run-annotate-form" data-testid="run-annotate-form" onSubmit={(e) => void save(e)}>
        <label>
          <span>Name</span>
          <input type="text" value={name} maxLength={80} placeholder={fmtDate(run.startedAt)} onChange={(e) => setName(e.target.value)} data-testid="run-name-input" autoFocus />
        </label>
        <label>
          <span>Note</span>
          <textarea value={note} maxLength={1000} rows={2} placeholder="e.g. before virtiofs" onChange={(e) => setNote(e.target.value)} data-testid="run-note-input" />
        </label>
        <div className="run-annotate-actions">
          <button type="submit" className="btn btn-small btn-accent" disabled={busy} data-testid="run-annotate-save">
            Save
          </button>
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="run-annotate">
      <span className="strong" title={`Run id: ${run.id}`} data-testid="run-title">
        {title}
      </span>
      {run.name ? <span className="muted block small">{fmtDate(run.startedAt)}</span> : null}
      {run.note ? (
        <span className="block small run-note" data-testid="run-note">
          {run.note}
        </span>
      ) : null}
      <span className="run-annotate-buttons">
        <button type="button" className="link-button small" data-testid="run-rename" onClick={() => setEditing(true)}>
          Rename / note<span className="sr-only"> of run {title}</span>
        </button>
        <button type="button" className="link-button small danger" data-testid="run-delete" onClick={() => setAskDelete(true)}>
          Delete<span className="sr-only"> run {title}</span>
        </button>
      </span>
      {askDelete ? (
        <ConfirmDialog title={`Delete run ${title}?`} confirmLabel="Delete" busy={busy} onCancel={() => setAskDelete(false)} onConfirm={() => void remove()}>
          <p>The run’s results are removed from the history for good; exports you saved stay where they are.</p>
          <p className="small muted">Run id: <span className="mono">{run.id}</span></p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
