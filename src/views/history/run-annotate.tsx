import { useState, type FormEvent, type JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { RunSummary } from '../../../electron/contract/contract.js';
import { getApi } from '../../api/get-api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fmtDate } from '../../lib/format';
import { loadRuns } from '../../store/actions';
import { useAppStore } from '../../store/app-store';

/** How a run is called in lists: the user's name, else its date (the id stays in the tooltip). */
export function runTitle(run: Pick<RunSummary, 'name' | 'startedAt'>): string {
  return run.name || fmtDate(run.startedAt);
}

/** The run's name (or date) and note; Rename/note and Delete (after a confirmation) as small buttons. */
export function RunAnnotate({ run }: { run: RunSummary }): JSX.Element {
  const { t } = useUi();
  const [editing, setEditing] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState(run.name ?? '');
  const [note, setNote] = useState(run.note ?? '');
  const [machine, setMachine] = useState(run.origin?.machine ?? '');
  const title = runTitle(run);
  const fail = (err: unknown): void => useAppStore.getState().pushError(err);
  const save = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setBusy(true);
    try {
      await getApi().annotateRun(run.id, run.origin ? { name, note, machine } : { name, note });
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
          <span>{t('annotate.name')}</span>
          <input
            type="text"
            value={name}
            maxLength={80}
            placeholder={fmtDate(run.startedAt)}
            onChange={(e) => setName(e.target.value)}
            data-testid="run-name-input"
            autoFocus
          />
        </label>
        {run.origin ? (
          <label>
            <span>{t('annotate.machine')}</span>
            <input type="text" value={machine} maxLength={80} required onChange={(e) => setMachine(e.target.value)} data-testid="run-machine-input" />
          </label>
        ) : null}
        <label>
          <span>{t('annotate.note')}</span>
          <textarea
            value={note}
            maxLength={1000}
            rows={2}
            placeholder={t('annotate.notePlaceholder')}
            onChange={(e) => setNote(e.target.value)}
            data-testid="run-note-input"
          />
        </label>
        <div className="run-annotate-actions">
          <button type="submit" className="btn btn-small btn-accent" disabled={busy} data-testid="run-annotate-save">
            {t('annotate.save')}
          </button>
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => setEditing(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="run-annotate">
      <span className="strong" title={t('annotate.runId', { id: run.id })} data-testid="run-title">
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
          {t('annotate.rename')}
          <span className="sr-only">{t('annotate.ofRun', { title })}</span>
        </button>
        <button type="button" className="link-button small danger" data-testid="run-delete" onClick={() => setAskDelete(true)}>
          {t('annotate.delete')}
          <span className="sr-only">{t('annotate.runSr', { title })}</span>
        </button>
      </span>
      {askDelete ? (
        <ConfirmDialog
          title={t('annotate.deleteTitle', { title })}
          confirmLabel={t('annotate.delete')}
          busy={busy}
          onCancel={() => setAskDelete(false)}
          onConfirm={() => void remove()}
        >
          <p>{t('annotate.deleteBody')}</p>
          <p className="small muted">
            {t('annotate.runIdLabel')} <span className="mono">{run.id}</span>
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
