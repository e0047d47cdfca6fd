import { useId, type JSX, type ReactNode } from 'react';
import type { Run, TestResult } from '../../electron/contract';
import { fmtRatio, samplesOf } from '../../electron/headline';
import { metricInfo } from '../../electron/metrics';
import { callRatio } from '../../electron/verdict-stats';
import { fmtNum } from '../lib/format';
import { baselineTarget, isBaseline, placeName } from '../lib/run-data';

/** The four phases of the dev-tree test, in the words a developer uses. */
const PHASES: { metric: string; title: string; hint: string }[] = [
  { metric: 'tree_extract_s', title: 'Extract', hint: 'like npm install or a checkout' },
  { metric: 'tree_walk_s', title: 'Walk', hint: 'like git status or a watcher’s first scan' },
  { metric: 'tree_read_s', title: 'Read all', hint: 'like a bundler’s cold start' },
  { metric: 'tree_delete_s', title: 'Delete', hint: 'like rm -rf node_modules' },
];

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A place's time against this machine's, in words: "3.1× slower", "2.0× faster", "within noise" (Welch on the trials, as Compare). */
export function timeVerdict(native: number[], place: number[]): { words: string; className: string } | null {
  const { call, estimate } = callRatio(native, place);
  // Without an estimate (a single trial on a side) the ratio of the values is shown, never a verdict.
  const plain = native.length && place.length && native[0] > 0 && place[0] > 0 ? median(place) / median(native) : null;
  const r = estimate?.ratio ?? plain;
  if (r === null) return null;
  const factor = r >= 1 ? `${fmtRatio(r)} slower` : `${fmtRatio(1 / r)} faster`;
  if (call === 'noise') return { words: `within noise (${fmtRatio(r)})`, className: 'ratio' };
  if (call === 'undecided') return { words: `about ${factor} (too few trials)`, className: 'ratio' };
  return { words: factor, className: r > 1 ? 'ratio ratio-bad' : 'ratio ratio-good' };
}

/**
 * The developer-task results first: how long a node_modules-like tree takes to extract, walk, read
 * and delete in each place, with the factor against this machine. Nothing when the run has no dev-tree.
 */
export function DevTreeResults({ run }: { run: Run }): JSX.Element | null {
  const headingId = useId();
  // Docker's shared-folder result also carries the mixed layout (mixed_* metrics): a row of its own.
  const rows = run.targets.flatMap((t) =>
    t.results.filter((r) => r.test === 'dev-tree').flatMap((r) => [{ t, r, mixed: false }, ...(r.metrics.mixed_extract_s ? [{ t, r, mixed: true }] : [])]),
  );
  if (rows.length === 0) return <WatchResults run={run} />;
  const files = rows[0].r.params.treeFiles;
  const base = baselineTarget(run)?.results.find((x) => x.test === 'dev-tree' && x.place === 'native');
  return (
    <section className="dev-tree-results" data-testid="dev-tree-results" aria-labelledby={headingId}>
      <h2 className="section-heading" id={headingId}>
        Developer tasks: a {typeof files === 'number' ? `${fmtNum(files)}-file ` : ''}node_modules-like tree
      </h2>
      <TableCard testId="dev-tree-table">
        <thead>
          <tr>
            <th scope="col">Place</th>
            {PHASES.map((p) => (
              <th key={p.metric} scope="col" className="num" title={p.hint}>
                {p.title}
                <span className="th-hint"> {p.hint}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ t, r, mixed }) => (
            <tr key={`${t.id}-${r.place}${mixed ? '-mixed' : ''}`} data-testid="dev-tree-row" data-target={t.id} data-place={mixed ? 'mixed' : r.place}>
              <th scope="row">{mixed ? `${placeName(t, r.place)}, node_modules in a volume` : placeName(t, r.place)}</th>
              {PHASES.map((p) => {
                const key = mixed ? p.metric.replace('tree_', 'mixed_') : p.metric;
                const s = r.metrics[key];
                if (!s) return <td key={p.metric} className="num muted">–</td>;
                const verdict = base && !isBaseline(run, t, r.place) && base.metrics[p.metric] ? timeVerdict(samplesOf(base, p.metric), samplesOf(r, key)) : null;
                return (
                  <td key={p.metric} className="num" title={`median of ${s.n} (min ${fmtNum(s.min)}, max ${fmtNum(s.max)}) ${metricInfo(p.metric).unit}`}>
                    <span className="strong">{fmtNum(s.median)} s</span>
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

/** "3.2 ms (p99 12 ms)" for one mode of a watch result, "not delivered" when inotify never fired, else "–". */
function watchCell(r: TestResult, mode: 'poll' | 'inotify', lost: boolean): string {
  const p50 = r.metrics[`watch_${mode}_p50_ms`];
  const p99 = r.metrics[`watch_${mode}_p99_ms`];
  if (p50 && p99) return `${fmtNum(p50.median)} ms (p99 ${fmtNum(p99.median)} ms)`;
  return lost ? 'not delivered' : '–';
}

/** How fast a save on this machine is seen in each place the watch test ran: by polling, through inotify. */
export function WatchResults({ run, nested = false }: { run: Run; nested?: boolean }): JSX.Element | null {
  const headingId = useId();
  const rows = run.targets.flatMap((t) => t.results.filter((r) => r.test === 'watch').map((r) => ({ t, r, lost: t.errors.some((e) => e.test === 'watch' && e.place === r.place && e.code === 'inotify-not-delivered') })));
  if (rows.length === 0) return null;
  const table = (
    <TableCard testId="watch-table" labelledBy={headingId}>
      <thead>
        <tr>
          <th scope="col">Place</th>
          <th scope="col" className="num">
            Polling watcher<span className="th-hint"> median round trip (p99)</span>
          </th>
          <th scope="col" className="num">
            inotify watcher<span className="th-hint"> what chokidar, webpack and Vite use</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ t, r, lost }) => (
          <tr key={`${t.id}-${r.place}`} data-testid="watch-row" data-target={t.id} data-place={r.place}>
            <th scope="row">{placeName(t, r.place)}</th>
            <td className="num">{watchCell(r, 'poll', false)}</td>
            <td className={lost ? 'num ratio ratio-bad' : 'num'} title={lost ? 'inotify events not delivered: use a polling watcher here (CHOKIDAR_USEPOLLING=1, WATCHPACK_POLLING=true)' : undefined}>
              {watchCell(r, 'inotify', lost)}
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
          A save on this machine, seen in the place
        </h3>
      ) : (
        <h2 className="section-heading" id={headingId}>
          Developer tasks: a save on this machine, seen in the place
        </h2>
      )}
      {table}
    </section>
  );
}
