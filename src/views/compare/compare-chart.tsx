import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { Bar, BarChart, CartesianGrid, ErrorBar, Rectangle, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import type { CompareRow, Comparison } from '../../../electron/contract/contract.js';
import { verdictWord } from '../../../electron/measurement/verdict-stats.js';
import { fmtInterval, fmtTick } from '../../lib/format';
import { uiLang } from '../../lib/i18n';
import { metricMeta, PLACE_LABEL } from '../../lib/metrics';
import { CHART, SERIES_COLORS } from '../charts/chart-theme';
import { ChartCard } from '../charts/chart-card';

/** One bar: after ÷ before of a voting metric (as % of before) with its interval as whiskers. */
export interface CompareBar {
  name: string;
  target: string;
  place: string;
  test: string;
  metric: string;
  /** ratio × 100 */
  after: number;
  afterErr: [number, number];
  verdict: CompareRow['verdict'];
  ratio: number;
  ci: [number, number] | null;
}

/** The voting metric of each target/place/test measured in both runs: its ratio (100% = no change) with its interval, the same number as the table's. */
export function compareBars(cmp: Comparison): CompareBar[] {
  return cmp.rows
    .filter((r) => r.primary && r.ratio !== null)
    .map((r) => {
      const ratio = r.ratio as number;
      const [lo, hi] = r.ci ?? [ratio, ratio];
      return {
        name: `${r.target} · ${PLACE_LABEL[r.place] ?? r.place} · ${metricMeta(r.metric, r.test).label}`,
        target: r.target,
        place: r.place,
        test: r.test,
        metric: r.metric,
        after: ratio * 100,
        afterErr: [(ratio - lo) * 100, (hi - ratio) * 100],
        verdict: r.verdict,
        ratio,
        ci: r.ci,
      };
    });
}

/** Whether a bar is drawn as a change (better or worse); every other bar is muted. */
export function flaggedBar(b: Pick<CompareBar, 'verdict'>): boolean {
  return b.verdict === 'better' || b.verdict === 'worse';
}

/** One bar, carrying its row's numbers (the table's, unrounded) as data attributes; muted unless flagged. */
function CompareBarShape(props: BarShapeProps): JSX.Element {
  const d = props.payload as CompareBar;
  const flagged = flaggedBar(d);
  const fill = d.verdict === 'better' ? 'var(--good)' : d.verdict === 'worse' ? 'var(--bad)' : SERIES_COLORS[5];
  return (
    <g
      data-testid="compare-bar"
      data-target={d.target}
      data-place={d.place}
      data-test={d.test}
      data-metric={d.metric}
      data-verdict={d.verdict}
      data-ratio={d.ratio}
      data-lo={d.ci?.[0]}
      data-hi={d.ci?.[1]}
      data-muted={!flagged}
    >
      <Rectangle {...props} fill={fill} />
    </g>
  );
}

/** After ÷ before per voting metric as % of before, with its interval as whiskers: a bar whose whiskers cross 100% is within noise. */
export function CompareChart({ comparison }: { comparison: Comparison }): JSX.Element | null {
  const { t } = useUi();
  const bars = compareBars(comparison);
  if (bars.length === 0) return null;
  const height = 50 + bars.length * 40;
  // Across machines each bar is a ratio of ratios to each machine's own native: the caption names both machines.
  const m = comparison.machines;
  return (
    <ChartCard
      title={m ? t('chart.compareCross', m) : t('chart.compare')}
      sub={m ? t('chart.compareSubCross', m) : t('chart.compareSub')}
      testId="chart-compare"
      wide
    >
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} barGap={3} barCategoryGap="24%">
          <CartesianGrid horizontal={false} />
          <XAxis type="number" tick={CHART.tick} tickFormatter={(v: number) => `${fmtTick(Math.round(v))}%`} tickLine={false} />
          <YAxis type="category" dataKey="name" tick={CHART.tick} tickLine={false} axisLine={false} width={260} />
          <Tooltip
            {...CHART.tooltip}
            formatter={(_v, name, item) => {
              const d = (item as { payload: CompareBar }).payload;
              return [`${fmtInterval(d.ratio, d.ci)} · ${verdictWord(d.verdict, uiLang())}`, name];
            }}
          />
          <ReferenceLine x={100} stroke="currentColor" strokeOpacity={0.4} strokeDasharray="3 3" />
          <Bar
            dataKey="after"
            name={m ? t('compare.ratioOfRatios') : t('compare.ratio')}
            fill={SERIES_COLORS[5]}
            radius={[0, 4, 4, 0]}
            maxBarSize={18}
            isAnimationActive={false}
            shape={CompareBarShape}
          >
            <ErrorBar dataKey="afterErr" direction="x" width={6} strokeWidth={1.5} stroke="currentColor" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
