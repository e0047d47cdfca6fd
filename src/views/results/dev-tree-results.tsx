import type { TFunction } from 'i18next';
import { useId, type JSX, type ReactNode } from 'react';
import type { Run, TestResult } from '../../../electron/contract/contract.js';
import { samplesOf } from '../../../electron/presentation/headline.js';
import { unitText } from '../../../electron/measurement/metrics.js';
import { callRatio } from '../../../electron/measurement/verdict-stats.js';
import { translator, type Lang } from '../../../electron/messages/i18n.js';
import { MISSING } from '../../../electron/presentation/format.js';
import { fmtNum, fmtRatio } from '../../lib/format';
import { uiLang } from '../../lib/i18n';
import { isBaseline, nativeResult } from '../../../electron/measurement/native-ratio.js';
import { placeName } from '../../lib/run-data';
import { useLang, useUi } from '../../lib/use-ui';

/** The four phases of the dev-tree test; their titles and hints (in the words a developer uses) are ui:dev.phase.<id>. */
const PHASES: { metric: string; id: string }[] = [
  { metric: 'tree_extract_s', id: 'extract' },
  { metric: 'tree_walk_s', id: 'walk' },
  { metric: 'tree_read_s', id: 'read' },
  { metric: 'tree_delete_s', id: 'delete' },
];

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A place's time against this machine's, in words: "3.1× slower", "2.0× faster", "within noise" (Welch on the trials, as Compare). */
export function timeVerdict(native: number[], place: number[], lang: Lang = uiLang()): { words: string; className: string } | null {
  const { call, estimate } = callRatio(native, place);
  // Without an estimate (a single trial on a side) the ratio of the values is shown, never a verdict.
  const plain = native.length && place.length && native[0] > 0 && place[0] > 0 ? median(place) / median(native) : null;
  const r = estimate?.ratio ?? plain;
  if (r === null) return null;
  const t = translator(lang);
  const factor = r >= 1 ? t('ui:dev.slower', { ratio: fmtRatio(r) }) : t('ui:dev.faster', { ratio: fmtRatio(1 / r) });
  if (call === 'noise') return { words: t('ui:dev.noise', { ratio: fmtRatio(r) }), className: 'ratio' };
  if (call === 'undecided') return { words: t('ui:dev.tooFew', { factor }), className: 'ratio' };
  return { words: factor, className: r > 1 ? 'ratio ratio-bad' : 'ratio ratio-good' };
}

/**
 * The developer-task results first: how long a node_modules-like tree takes to extract, walk, read
 * and delete in each place, with the factor against this machine. Nothing when the run has no dev-tree.
 */
export function DevTreeResults({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const lang = useLang();
  const headingId = useId();
  // Docker's shared-folder result also carries the mixed layout (mixed_* metrics): a row of its own.
  const rows = run.targets.flatMap((t) =>
    t.results.filter((r) => r.test === 'dev-tree').flatMap((r) => [{ t, r, mixed: false }, ...(r.metrics.mixed_extract_s ? [{ t, r, mixed: true }] : [])]),
  );
  if (rows.length === 0) return <WatchResults run={run} />;
  const files = rows[0].r.params.treeFiles;
  const base = nativeResult(run, 'dev-tree');
  const sec = unitText('s', lang);
  return (
    <section className="dev-tree-results" data-testid="dev-tree-results" aria-labelledby={headingId}>
      <h2 className="section-heading" id={headingId}>
        {typeof files === 'number' ? t('dev.title', { files: fmtNum(files) }) : t('dev.titleNoCount')}
      </h2>
      <TableCard testId="dev-tree-table">
        <thead>
          <tr>
            <th scope="col">{t('table.place')}</th>
            {PHASES.map((p) => (
              <th key={p.metric} scope="col" className="num" title={t(`dev.phase.${p.id}.hint`)}>
                {t(`dev.phase.${p.id}.title`)}
                <span className="th-hint"> {t(`dev.phase.${p.id}.hint`)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ t: tg, r, mixed }) => (
            <tr key={`${tg.id}-${r.place}${mixed ? '-mixed' : ''}`} data-testid="dev-tree-row" data-target={tg.id} data-place={mixed ? 'mixed' : r.place}>
              <th scope="row">{mixed ? t('dev.mixed', { place: placeName(tg, r.place) }) : placeName(tg, r.place)}</th>
              {PHASES.map((p) => {
                const key = mixed ? p.metric.replace('tree_', 'mixed_') : p.metric;
                const s = r.metrics[key];
                if (!s)
                  return (
                    <td key={p.metric} className="num muted">
                      {MISSING}
                    </td>
                  );
                const verdict =
                  base && !isBaseline(run, tg, r.place) && base.metrics[p.metric] ? timeVerdict(samplesOf(base, p.metric), samplesOf(r, key), lang) : null;
                return (
                  <td key={p.metric} className="num" title={`${t('cell.median', { n: s.n, min: fmtNum(s.min), max: fmtNum(s.max) })} ${sec}`}>
                    <span className="strong">
                      {fmtNum(s.median)} {sec}
                    </span>
                    {verdict ? <span className={verdict.className}> {verdict.words}</span> : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </TableCard>
      <WatchResults run={run} nested />
    </section>
  );
}

/** A table in the app's card with horizontal scrolling. */
function TableCard(props: { testId: string; labelledBy?: string; children: ReactNode }): JSX.Element {
  return (
    <div className="card table-card">
      <div className="table-scroll">
        <table className="table" data-testid={props.testId} aria-labelledby={props.labelledBy}>
          {props.children}
        </table>
      </div>
    </div>
  );
}

/** "3.2 ms (p99 12 ms)" for one mode of a watch result, "not delivered" when inotify never fired, else "—". */
function watchCell(r: TestResult, mode: 'poll' | 'inotify', lost: boolean, t: TFunction<'ui'>): string {
  const p50 = r.metrics[`watch_${mode}_p50_ms`];
  const p99 = r.metrics[`watch_${mode}_p99_ms`];
  if (p50 && p99) return t('dev.watch.cell', { p50: fmtNum(p50.median), p99: fmtNum(p99.median) });
  return lost ? t('dev.watch.lost') : MISSING;
}

/** How fast a save on this machine is seen in each place the watch test ran: by polling, through inotify. */
export function WatchResults({ run, nested = false }: { run: Run; nested?: boolean }): JSX.Element | null {
  const { t } = useUi();
  const headingId = useId();
  const rows = run.targets.flatMap((tg) =>
    tg.results
      .filter((r) => r.test === 'watch')
      .map((r) => ({ tg, r, lost: tg.errors.some((e) => e.test === 'watch' && e.place === r.place && e.code === 'inotify-not-delivered') })),
  );
  if (rows.length === 0) return null;
  const table = (
    <TableCard testId="watch-table" labelledBy={headingId}>
      <thead>
        <tr>
          <th scope="col">{t('table.place')}</th>
          <th scope="col" className="num">
            {t('dev.watch.poll')}
            <span className="th-hint"> {t('dev.watch.pollHint')}</span>
          </th>
          <th scope="col" className="num">
            {t('dev.watch.inotify')}
            <span className="th-hint"> {t('dev.watch.inotifyHint')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ tg, r, lost }) => (
          <tr key={`${tg.id}-${r.place}`} data-testid="watch-row" data-target={tg.id} data-place={r.place}>
            <th scope="row">{placeName(tg, r.place)}</th>
            <td className="num">{watchCell(r, 'poll', false, t)}</td>
            <td className={lost ? 'num ratio ratio-bad' : 'num'} title={lost ? t('dev.watch.lostHint') : undefined}>
              {watchCell(r, 'inotify', lost, t)}
            </td>
          </tr>
        ))}
      </tbody>
    </TableCard>
  );
  return (
    <section className="dev-tree-results" data-testid="watch-results">
      {nested ? (
        <h3 className="service-target" id={headingId}>
          {t('dev.watch.titleNested')}
        </h3>
      ) : (
        <h2 className="section-heading" id={headingId}>
          {t('dev.watch.title')}
        </h2>
      )}
      {table}
    </section>
  );
}
