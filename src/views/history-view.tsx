import { useState, type JSX } from 'react';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icons';
import { Spinner } from '../components/spinner';
import { loadCompare, loadRuns, selectRun } from '../store/actions';
import { useAppStore } from '../store/app-store';
import { newestFirst, orderPair } from '../store/compare-pick';
import { HistoryRow } from './history-row';

/** The run history: open a run, or tick two and compare them. */
export function HistoryView(): JSX.Element {
  const runs = useAppStore((s) => s.runs);
  const loading = useAppStore((s) => s.runsLoading);
  const selectedId = useAppStore((s) => s.selectedRunId);
  const setView = useAppStore((s) => s.setView);
  const [picked, setPicked] = useState<string[]>([]);

  const toggle = (id: string): void =>
    setPicked((cur) => (cur.includes(id) ? cur.filter((x) => x !== id) : [...cur, id].slice(-2)));
  const open = (id: string): void => {
    void selectRun(id);
    setView('results');
  };
  const compare = (): void => {
    if (!runs || picked.length !== 2) return;
    const { a, b } = orderPair(runs.runs, picked[0], picked[1]);
    void loadCompare(a, b);
    setView('compare');
  };

  return (
    <div className="view">
      <div className="view-toolbar">
        <p className="muted">{runs ? `${runs.runs.length} run${runs.runs.length === 1 ? '' : 's'} · tick two to compare` : ''}</p>
        <div className="toolbar-actions">
          {loading ? <Spinner /> : null}
          <button type="button" className="btn" onClick={() => void loadRuns()} disabled={loading}>
            <Icon name="refresh" />
            Reload
          </button>
          <button type="button" className="btn btn-accent" data-testid="compare-picked" disabled={picked.length !== 2} onClick={compare}>
            <Icon name="compare" />
            Compare selected ({picked.length}/2)
          </button>
        </div>
      </div>
      {runs && runs.warnings.length > 0 ? (
        <div className="banner banner-warn" data-testid="history-warnings">
          <Icon name="alert" />
          <div>
            <strong>Some run files were skipped.</strong>
            <ul>
              {runs.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}
      {runs && runs.runs.length === 0 ? (
        <EmptyState icon="history" title="No runs yet">
          Click <strong>Benchmark my setup</strong> to make your first one.
        </EmptyState>
      ) : null}
      {runs && runs.runs.length > 0 ? (
        <div className="card table-card">
          <div className="table-scroll">
            <table className="table history-table" data-testid="history-list">
              <thead>
                <tr>
                  <th scope="col" className="col-check">
                    <span className="sr-only">Compare</span>
                  </th>
                  <th scope="col">Run</th>
                  <th scope="col">Suite</th>
                  <th scope="col">Status</th>
                  <th scope="col">Targets</th>
                  <th scope="col">Headline</th>
                  <th scope="col">
                    <span className="sr-only">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {newestFirst(runs.runs).map((r) => (
                  <HistoryRow key={r.id} run={r} picked={picked.includes(r.id)} current={r.id === selectedId} onToggle={toggle} onOpen={open} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </div>
  );
}
