import { useEffect, useRef, useState, type JSX } from 'react';
import { Trans } from 'react-i18next';
import { useLang, useUi } from '../../lib/use-ui';
import { getApi } from '../../api/get-api';
import { EmptyState } from '../../components/empty-state';
import { Icon } from '../../lib/icons';
import { Spinner } from '../../components/spinner';
import { base64ToBytes, copyText, downloadFile } from '../../lib/download';
import { useAppStore } from '../../store/app-store';
import { newestFirst } from '../../store/compare-pick';
import { RunPicker } from '../parts/run-picker';

type Card = { filename: string; pngBase64: string; width: number; height: number };

/** What a card is of: its run, the run it is compared to, its language. */
const cardFor = (runId: string, compareTo: string | null, lang: string): string => JSON.stringify([runId, compareTo, lang]);

/** The share card preview with Export PNG, Copy Markdown and Save JSON/CSV. */
export function ShareView(): JSX.Element {
  const { t } = useUi();
  // The card and the exports speak the UI's language (the engine renders them; the default would be English).
  const lang = useLang();
  const runs = useAppStore((s) => s.runs);
  const runId = useAppStore((s) => s.shareRunId ?? s.selectedRunId ?? (s.runs ? (newestFirst(s.runs.runs)[0]?.id ?? null) : null));
  const compareTo = useAppStore((s) => s.shareCompareTo);
  const pushError = useAppStore((s) => s.pushError);
  // The last card asked for, with what it was asked for (cardFor): another run's card is not shown while this one renders.
  const [rendered, setRendered] = useState<{ of: string; card: Card | null } | null>(null);
  const wanted = runId ? cardFor(runId, compareTo, lang) : null;
  const card = rendered?.of === wanted ? rendered.card : null;
  const loading = wanted !== null && rendered?.of !== wanted;
  const [copied, setCopied] = useState<string | null>(null);
  const [manual, setManual] = useState<string | null>(null);
  const manualRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!runId) return;
    let live = true;
    const of = cardFor(runId, compareTo, lang);
    getApi()
      .renderCard(compareTo ? { runId, compareTo, lang } : { runId, lang })
      .then((c) => live && setRendered({ of, card: c }))
      .catch((err: unknown) => {
        if (!live) return;
        setRendered({ of, card: null });
        pushError(err);
      });
    return () => {
      live = false;
    };
  }, [runId, compareTo, lang, pushError]);

  useEffect(() => {
    if (manual) manualRef.current?.select();
  }, [manual]);

  if (!runs || runs.runs.length === 0 || !runId) {
    return (
      <EmptyState icon="share" title={t('share.emptyTitle')}>
        <Trans t={t} i18nKey="share.emptyBody" components={{ b: <strong /> }} />
      </EmptyState>
    );
  }
  const exportFile = async (format: 'md' | 'json' | 'csv'): Promise<void> => {
    try {
      // Compare mode exports the comparison (before = compareTo, after = runId, as the card), not run B alone.
      const res = compareTo ? await getApi().exportComparison(compareTo, runId, format, lang) : await getApi().exportRun(runId, format, lang);
      if (format !== 'md') return downloadFile(res.filename, res.mime, res.content);
      const how = await copyText(res.content);
      if (how === 'manual') setManual(res.content);
      else {
        setManual(null);
        setCopied(how === 'clipboard' ? t('share.copiedClipboard') : t('share.copied'));
        setTimeout(() => setCopied(null), 4000);
      }
    } catch (err) {
      pushError(err);
    }
  };
  const pick = (patch: { shareRunId?: string | null; shareCompareTo?: string | null }): void => useAppStore.setState({ shareRunId: runId, ...patch });
  return (
    <div className="view">
      <div className="view-toolbar">
        <div className="pickers">
          <RunPicker label={t('picker.run')} runs={runs.runs} value={runId} onChange={(id) => pick({ shareRunId: id || null })} testId="share-run" />
          <RunPicker
            label={t('share.compareTo')}
            runs={runs.runs.filter((r) => r.id !== runId)}
            value={compareTo}
            allowNone={t('share.noCompare')}
            onChange={(id) => pick({ shareCompareTo: id || null })}
            testId="share-compare"
          />
        </div>
      </div>
      <div className="share-layout">
        <div className="card card-preview-frame">
          {card ? (
            <img
              className="card-preview"
              data-testid="card-preview"
              src={`data:image/png;base64,${card.pngBase64}`}
              width={card.width}
              height={card.height}
              alt={t('share.previewAlt')}
            />
          ) : (
            <div className="card-placeholder">{loading ? <Spinner label={t('share.rendering')} /> : t('share.noCard')}</div>
          )}
        </div>
        <div className="share-actions">
          <button
            type="button"
            className="btn btn-primary"
            data-testid="export-png"
            disabled={!card}
            onClick={() => card && downloadFile(card.filename, 'image/png', base64ToBytes(card.pngBase64))}
          >
            <Icon name="download" />
            {t('share.png')}
          </button>
          <button type="button" className="btn" data-testid="copy-markdown" onClick={() => void exportFile('md')}>
            <Icon name="copy" />
            {t('share.md')}
          </button>
          <button type="button" className="btn" data-testid="save-json" onClick={() => void exportFile('json')}>
            <Icon name="file" />
            {t('share.json')}
          </button>
          <button type="button" className="btn" data-testid="save-csv" onClick={() => void exportFile('csv')}>
            <Icon name="file" />
            {t('share.csv')}
          </button>
          <p className="copied" role="status" data-testid="copied">
            {copied ? (
              <>
                <Icon name="check" /> {copied}
              </>
            ) : null}
          </p>
          {compareTo ? (
            <p className="muted small" data-testid="exports-compare">
              {t('share.exportsCompare')}
            </p>
          ) : null}
          <p className="muted small">{t('share.privacy')}</p>
        </div>
      </div>
      {manual ? (
        <label className="field manual-copy">
          <span className="field-label">{t('share.manual')}</span>
          <textarea ref={manualRef} readOnly value={manual} rows={10} data-testid="markdown-fallback" />
        </label>
      ) : null}
    </div>
  );
}
