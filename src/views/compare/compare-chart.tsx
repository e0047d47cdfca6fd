import type { CSSProperties, JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import type { CompareRow, Comparison } from '../../../electron/contract/contract.js';
import { verdictWord } from '../../../electron/measurement/verdict-stats.js';
import { clippedInterval, ratioAxis, ratioPos, type RatioAxis } from '../../lib/chart-scale';
import { fmtInterval, fmtRatio } from '../../lib/format';
import { uiLang } from '../../lib/i18n';
import { metricMeta, PLACE_LABEL } from '../../lib/metrics';
import { ChartCard } from '../charts/chart-card';

/** One bar: after ÷ before of a voting metric, drawn from 1× on a log axis, with its interval. */
export interface CompareBar {
  name: string;
  target: string;
  place: string;
  test: string;
  metric: string;
  verdict: CompareRow['verdict'];
  ratio: number;
  ci: [number, number] | null;
}

/** The voting metric of each target/place/test measured in both runs: its ratio (1× = no change) with its interval, the same number as the table's. */
export function compareBars(cmp: Comparison): CompareBar[] {
  return cmp.rows
    .filter((r) => r.primary && r.ratio !== null && r.ratio > 0)
    .map((r) => ({
      name: `${r.target} · ${PLACE_LABEL[r.place] ?? r.place} · ${metricMeta(r.metric, r.test).label}`,
      target: r.target,
      place: r.place,
      test: r.test,
      metric: r.metric,
      verdict: r.verdict,
      ratio: r.ratio as number,
      ci: r.ci,
    }));
}

/** Whether a bar is drawn as a change (better or worse); every other bar is muted. */
export function flaggedBar(b: Pick<CompareBar, 'verdict'>): boolean {
  return b.verdict === 'better' || b.verdict === 'worse';
}

const pct = (p: number): string => `${(p * 100).toFixed(3)}%`;

/** One row: its name, the bar from 1× to the ratio with the interval over it (clipped and marked where it runs off the axis), the ratio [interval] in full. */
function BarRow({ bar, axis, interval, tip }: { bar: CompareBar; axis: RatioAxis; interval: string; tip: string }): JSX.Element {
  const one = ratioPos(1, axis);
  const at = ratioPos(bar.ratio, axis);
  const ci = bar.ci ? clippedInterval(bar.ci, axis) : null;
  const clipped = ci ? [ci.offLo ? 'lo' : '', ci.offHi ? 'hi' : ''].filter(Boolean).join(' ') : '';
  const span = (from: number, to: number): CSSProperties => ({ left: pct(Math.min(from, to)), width: pct(Math.abs(to - from)) });
  const tone = bar.verdict === 'better' ? 'good' : bar.verdict === 'worse' ? 'bad' : 'muted';
  return (
    <div
      className="rchart-row"
      role="listitem"
      title={tip}
      data-testid="compare-bar"
      data-target={bar.target}
      data-place={bar.place}
      data-test={bar.test}
      data-metric={bar.metric}
      data-verdict={bar.verdict}
      data-ratio={bar.ratio}
      data-lo={bar.ci?.[0]}
      data-hi={bar.ci?.[1]}
      data-muted={!flaggedBar(bar)}
      data-clipped={clipped || undefined}
    >
      <span className="rchart-name">{bar.name}</span>
      <span className="rchart-plot" aria-hidden="true">
        {axis.ticks.map((t) => (
          <i key={t} className={t === 1 ? 'rchart-one' : 'rchart-grid'} style={{ left: pct(ratioPos(t, axis)) }} />
        ))}
        <i className={`rchart-bar rchart-${tone}`} data-testid="compare-bar-fill" style={span(one, at)} />
        {ci ? <i className="rchart-ci" data-testid="compare-ci" style={span(ci.lo, ci.hi)} /> : null}
        {ci?.offLo ? <b className="rchart-off rchart-off-lo">◀</b> : null}
        {ci?.offHi ? <b className="rchart-off rchart-off-hi">▶</b> : null}
      </span>
      <span className="rchart-value">{interval}</span>
    </div>
  );
}

/** After ÷ before per voting metric on a log axis centred on 1× (a halving and a doubling are as long), with its interval: one that crosses 1× is within noise. */
export function CompareChart({ comparison }: { comparison: Comparison }): JSX.Element | null {
  const { t } = useUi();
  const bars = compareBars(comparison);
  if (bars.length === 0) return null;
  const axis = ratioAxis(bars);
  // Across machines each bar is a ratio of ratios to each machine's own native: the caption names both machines.
  const m = comparison.machines;
  const offAxis = bars.some((b) => b.ci && (b.ci[0] < 1 / axis.max || b.ci[1] > axis.max));
  return (
    <ChartCard
      title={m ? t('chart.compareCross', m) : t('chart.compare')}
      sub={m ? t('chart.compareSubCross', m) : t('chart.compareSub')}
      testId="chart-compare"
      wide
    >
      <div className="rchart" role="list" aria-label={m ? t('compare.ratioOfRatios') : t('compare.ratio')}>
        {bars.map((b) => (
          <BarRow
            key={`${b.target}|${b.place}|${b.test}|${b.metric}`}
            bar={b}
            axis={axis}
            interval={fmtInterval(b.ratio, b.ci)}
            tip={`${b.name}: ${fmtInterval(b.ratio, b.ci)} · ${verdictWord(b.verdict, uiLang())}`}
          />
        ))}
        <div className="rchart-axis" aria-hidden="true" data-testid="compare-axis" data-max={axis.max}>
          <span />
          <span className="rchart-ticks">
            {axis.ticks.map((v) => (
              <span key={v} className="rchart-tick" data-tick={v} style={{ left: pct(ratioPos(v, axis)) }}>
                {fmtRatio(v)}
              </span>
            ))}
          </span>
          <span />
        </div>
      </div>
      {offAxis ? <p className="muted small rchart-off-note">{t('chart.compareOffAxis')}</p> : null}
    </ChartCard>
  );
}
