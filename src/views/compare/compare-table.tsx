import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { PLACES, type CompareRow, type Comparison } from '../../../electron/contract/contract.js';
import { levelText, verdictWord } from '../../../electron/measurement/verdict-stats.js';
import { uiLang } from '../../lib/i18n';
import { fmtInterval, fmtNum, fmtRatio } from '../../lib/format';
import { metricMeta, PLACE_LABEL, TEST_ORDER } from '../../lib/metrics';

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

/** A side's min–max, written as its median is (61,870 over 58,203–64,812: a mix of 58.2k and full numbers read as two scales); it may wrap before "· n=", never inside a number. */
function Spread({ s, n }: { s: [number, number] | null; n: number }): JSX.Element | null {
  if (!s) return null;
  return (
    <span className="muted small block spread">
      <span>{`${fmtNum(s[0])}–${fmtNum(s[1])}`}</span> <span>{`· n=${n}`}</span>
    </span>
  );
}

/** A before/after table as the io_uring article in docs/evidence.md draws it: metric, before, after (geometric means of the trials, the figures the ratio is of, each with its spread), the ratio with its interval (the one number of change), verdict. */
export function CompareTable({ comparison }: { comparison: Comparison }): JSX.Element {
  const { t } = useUi();
  const groups = groupRows(comparison.rows);
  const cross = !!comparison.machines;
  const cols = cross ? 7 : 5;
  if (groups.length === 0) return <p className="muted">{t('compare.noShared')}</p>;
  return (
    <div className="card table-card">
      {/* Across machines the two ratio-to-native columns make the table wider than a narrow window: keyboard users scroll it. */}
      <div className="table-scroll" {...(cross ? { tabIndex: 0, role: 'region', 'aria-label': t('view.compare.title') } : {})}>
        <table className="table compare-table" data-testid="compare-table">
          <thead>
            <tr>
              <th scope="col">{t('table.metric')}</th>
              <th scope="col" className="num">
                {t('compare.before')}
                <span className="muted small block">{t('compare.geoMean')}</span>
              </th>
              <th scope="col" className="num">
                {t('compare.after')}
                <span className="muted small block">{t('compare.geoMean')}</span>
              </th>
              {cross ? (
                <>
                  <th scope="col" className="num">
                    {t('compare.nativeA')}
                  </th>
                  <th scope="col" className="num">
                    {t('compare.nativeB')}
                  </th>
                </>
              ) : null}
              <th scope="col" className="num">
                {cross ? t('compare.ratioOfRatios') : t('compare.ratio')} <span className="muted small">[{levelText(comparison.method.level)}]</span>
              </th>
              <th scope="col">{t('compare.verdict')}</th>
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g.key}>
              <tr className="group-row">
                <th scope="rowgroup" colSpan={cols}>
                  {g.title}
                </th>
              </tr>
              {g.rows.map((r) => {
                const meta = metricMeta(r.metric, r.test);
                const v = r.verdict;
                return (
                  <tr
                    key={r.metric}
                    className={`cmp-${v}${r.primary ? ' primary' : ''}`}
                    data-testid="compare-row"
                    data-target={r.target}
                    data-place={r.place}
                    data-test={r.test}
                    data-verdict={v}
                    data-primary={r.primary}
                    data-metric={r.metric}
                    data-direction={meta.direction}
                    data-ratio={r.ratio ?? undefined}
                    data-ci={r.ci?.join(' ')}
                  >
                    <th scope="row" className="metric-cell">
                      {meta.label}
                      <span className="muted small"> {meta.unit}</span>
                      <span className="dir" title={meta.direction === 'higher' ? t('compare.higher') : t('compare.lower')}>
                        {meta.direction === 'higher' ? '↑' : '↓'}
                      </span>
                    </th>
                    <td className="num" data-testid="compare-before">
                      {fmtNum(r.a)}
                      <Spread s={r.spreadA} n={r.nA} />
                    </td>
                    <td className="num strong" data-testid="compare-after">
                      {fmtNum(r.b)}
                      <Spread s={r.spreadB} n={r.nB} />
                    </td>
                    {cross ? (
                      <>
                        <td className="num" data-testid="native-a">
                          {fmtRatio(r.nativeA)}
                        </td>
                        <td className="num" data-testid="native-b">
                          {fmtRatio(r.nativeB)}
                        </td>
                      </>
                    ) : null}
                    {cross && r.place === 'native' ? (
                      // Across machines the natives' ratio is the hardware's difference, shown apart from the ratios of ratios that vote.
                      <td className="num ratio-ci" data-testid="hardware-ratio">
                        {fmtInterval(r.ratio, r.ci)}
                        <span className="muted small block">{t('compare.hardwareRatio')}</span>
                      </td>
                    ) : (
                      <td className="num ratio-ci" data-testid="compare-ratio">
                        {fmtInterval(r.ratio, r.ci)}
                      </td>
                    )}
                    <td>
                      <span className={`verdict verdict-${v}`} title={r.reason}>
                        {verdictWord(v, uiLang())}
                      </span>
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
