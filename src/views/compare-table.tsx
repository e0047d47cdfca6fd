import type { JSX } from 'react';
import type { CompareRow, Comparison } from '../../electron/contract';
import { fmtDelta, fmtNum, fmtPct } from '../lib/format';
import { metricMeta, PLACE_LABEL, TEST_ORDER } from '../lib/metrics';

const PLACES = ['native', 'shared', 'guest', 'volume'];

/** Rows of a comparison grouped by target (baseline first), place and test, in suite order. */
export function groupRows(rows: CompareRow[]): { key: string; title: string; rows: CompareRow[] }[] {
  const targets: string[] = [];
  const groups = new Map<string, { key: string; title: string; rows: CompareRow[]; rank: number[] }>();
  for (const r of rows) {
    if (!targets.includes(r.target)) targets.push(r.target);
    const key = `${r.target}|${r.place}|${r.test}`;
    const g = groups.get(key) ?? { key, title: `${r.target} · ${PLACE_LABEL[r.place] ?? r.place} · ${r.test}`, rows: [], rank: [] };
    g.rows.push(r);
    groups.set(key, g);
  }
  const tRank = (t: string): number => (t === 'local' ? -1 : targets.indexOf(t));
  for (const g of groups.values()) {
    const r = g.rows[0];
    g.rank = [tRank(r.target), PLACES.indexOf(r.place), TEST_ORDER.indexOf(r.test)];
  }
  const cmp = (x: number[], y: number[]): number => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  return [...groups.values()].sort((x, y) => cmp(x.rank, y.rank)).map(({ key, title, rows: rs }) => ({ key, title, rows: rs }));
}

function verdict(r: CompareRow): string {
  return r.improved === true ? 'better' : r.improved === false ? 'worse' : 'same';
}

/** The seed-004-style table: metric, before, after, delta, % change, colored better/worse. */
export function CompareTable({ comparison }: { comparison: Comparison }): JSX.Element {
  const groups = groupRows(comparison.rows);
  if (groups.length === 0) return <p className="muted">These runs share no metric.</p>;
  return (
    <div className="card table-card">
      <div className="table-scroll">
        <table className="table compare-table" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col">Metric</th>
              <th scope="col" className="num">Before (A)</th>
              <th scope="col" className="num">After (B)</th>
              <th scope="col" className="num">Delta</th>
              <th scope="col" className="num">% change</th>
              <th scope="col">
                <span className="sr-only">Verdict</span>
              </th>
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g.key}>
              <tr className="group-row">
                <th scope="rowgroup" colSpan={6}>
                  {g.title}
                </th>
              </tr>
              {g.rows.map((r) => {
                const meta = metricMeta(r.metric);
                const v = verdict(r);
                return (
                  <tr key={r.metric} className={`cmp-${v}`} data-testid="compare-row">
                    <th scope="row" className="metric-cell">
                      {meta.label}
                      <span className="muted small"> {meta.unit}</span>
                      <span className="dir" title={meta.direction === 'higher' ? 'higher is better' : 'lower is better'}>
                        {meta.direction === 'higher' ? '↑' : '↓'}
                      </span>
                    </th>
                    <td className="num">{fmtNum(r.a)}</td>
                    <td className="num strong">{fmtNum(r.b)}</td>
                    <td className="num delta">{fmtDelta(r.delta)}</td>
                    <td className="num pct">{fmtPct(r.pct)}</td>
                    <td>
                      <span className={`verdict verdict-${v}`}>{v}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}
