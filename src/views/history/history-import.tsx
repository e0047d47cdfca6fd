import { useRef, useState, type DragEvent, type JSX } from 'react';
import { IMPORT_MAX_BYTES, type ImportOutcome } from '../../../electron/contract/contract.js';
import { errorText } from '../../../electron/messages/error-text.js';
import { getApi } from '../../api/get-api';
import { Icon } from '../../lib/icons';
import { useLang, useUi } from '../../lib/use-ui';
import { loadRuns } from '../../store/actions';
import { useAppStore } from '../../store/app-store';

/** A file's text for an import; past the engine's size limit only its first bytes (enough for the engine to refuse it by size). */
async function readForImport(file: File): Promise<{ name: string; content: string }> {
  const blob = file.size > IMPORT_MAX_BYTES ? file.slice(0, IMPORT_MAX_BYTES + 1) : file;
  return { name: file.name, content: await blob.text() };
}

/** Import state of History: the outcomes of the last import, whether one runs, and the function that imports files (one request per file). */
export function useRunImport(): { outcomes: ImportOutcome[]; busy: boolean; importFiles: (files: File[]) => Promise<void>; dismiss: () => void } {
  const [outcomes, setOutcomes] = useState<ImportOutcome[]>([]);
  const [busy, setBusy] = useState(false);
  const importFiles = async (files: File[]): Promise<void> => {
    if (files.length === 0) return;
    setBusy(true);
    const out: ImportOutcome[] = [];
    try {
      for (const f of files) out.push(...(await getApi().importRuns([await readForImport(f)])));
      setOutcomes(out);
      await loadRuns();
    } catch (err) {
      useAppStore.getState().pushError(err);
      setOutcomes(out);
    } finally {
      setBusy(false);
    }
  };
  return { outcomes, busy, importFiles, dismiss: () => setOutcomes([]) };
}

/** The "Import runs…" button with its hidden file picker (.json, several at once). */
export function ImportButton({ busy, onFiles }: { busy: boolean; onFiles: (files: File[]) => void }): JSX.Element {
  const { t } = useUi();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        multiple
        hidden
        data-testid="import-input"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <button type="button" className="btn" data-testid="import-runs" disabled={busy} onClick={() => input.current?.click()}>
        <Icon name="file" />
        {busy ? t('history.importing') : t('history.importButton')}
      </button>
    </>
  );
}

/** Props for a drop target: files dropped on it are imported; `over` says whether files hover over it. */
export function useFileDrop(onFiles: (files: File[]) => void): {
  over: boolean;
  props: { onDragOver: (e: DragEvent) => void; onDragLeave: () => void; onDrop: (e: DragEvent) => void };
} {
  const [over, setOver] = useState(false);
  const hasFiles = (e: DragEvent): boolean => [...e.dataTransfer.types].includes('Files');
  return {
    over,
    props: {
      onDragOver: (e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        setOver(false);
        onFiles([...e.dataTransfer.files]);
      },
    },
  };
}

/** What became of each imported file: runs imported, duplicates recognised, or the engine's error in the page's language. */
export function ImportOutcomes({ outcomes, onDismiss }: { outcomes: ImportOutcome[]; onDismiss: () => void }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  if (outcomes.length === 0) return null;
  const failed = outcomes.some((o) => o.error);
  return (
    <section className={`banner ${failed ? 'banner-warn' : 'banner-info'}`} data-testid="import-outcomes" aria-label={t('history.importResults')}>
      <Icon name={failed ? 'alert' : 'check'} />
      <div>
        <ul>
          {outcomes.map((o, i) => (
            <li key={i} data-testid="import-outcome" data-ok={!o.error}>
              {o.error ? errorText(o.error, lang) : null}
              {!o.error && o.imported.length > 0 ? t('history.importedOne', { file: o.file, count: o.imported.length }) : null}
              {!o.error && o.duplicates.length > 0 ? (
                <span className="block">{t('history.importDuplicate', { file: o.file, count: o.duplicates.length })}</span>
              ) : null}
              {!o.error && o.imported.length === 0 && o.duplicates.length === 0 ? t('history.importNothing', { file: o.file }) : null}
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="btn btn-small" onClick={onDismiss}>
        {t('history.dismiss')}
      </button>
    </section>
  );
}
