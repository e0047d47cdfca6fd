import type { JSX } from 'react';
import { useUi } from '../lib/use-ui';
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { CompareRow, Comparison } from '../../electron/contract';
import { HEADLINE_METRIC } from '../../electron/metrics';
import { verdictWord } from '../../electron/verdict-stats';
import { uiLang } from '../lib/i18n';
import { fmtNum } from '../lib/format';
import { metricMeta, PLACE_LABEL } from '../lib/metrics';
import { CHART, SERIES_COLORS } from './chart-theme';
import { ChartCard } from './chart-card';

/** One bar pair: before and after as % of the before median, with each side's min–max as whiskers. */
export interface CompareBar {
  name: string;
  before: number;
  after: number;
  beforeErr: [number, number];
  afterErr: [number, number];
  verdict: CompareRow['verdict'];
  unit: string;
  a: number;
  b: number;
}

/** The headline metric of each target/place/test measured in both runs, scaled so that before = 100%. */
export function compareBars(cmp: Comparison): CompareBar[] {
  return cmp.rows
    .filter((r) => HEADLINE_METRIC[r.test] === r.metric && r.a !== null && r.b !== null && r.a > 0 && r.spreadA && r.spreadB)
    .map((r) => {
      const k = 100 / (r.a as number);
      const [a, b] = [r.a as number, r.b as number];
      const [aLo, aHi] = r.spreadA as [number, number];
      const [bLo, bHi] = r.spreadB as [number, number];
      return {
        name: `${r.target} · ${PLACE_LABEL[r.place] ?? r.place} · ${metricMeta(r.metric).label}`,
        before: 100,
        after: b * k,
        beforeErr: [(a - aLo) * k, (aHi - a) * k],
        afterErr: [(b - bLo) * k, (bHi - b) * k],
        verdict: r.verdict,
        unit: metricMeta(r.metric).unit,
        a,
        b,
      };
    });
}

/** Before/after per headline metric as % of before, with min–max whiskers so that noise is visible as overlap. */
export function CompareChart({ comparison }: { comparison: Comparison }): JSX.Element | null {
  const { t } = useUi();
  const bars = compareBars(comparison);
  if (bars.length === 0) return null;
  const height = 70 + bars.length * 62;
  return (
    <ChartCard title={t('chart.compare')} sub={t('chart.compareSub')} testId="chart-compare" wide>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} barGap={3} barCategoryGap="24%">
          <CartesianGrid horizontal={false} />
          <XAxis type="number" tick={CHART.tick} tickFormatter={(v: number) => `${Math.round(v)}%`} tickLine={false} />
          <YAxis type="category" dataKey="name" tick={CHART.tick} tickLine={false} axisLine={false} width={260} />
          <Tooltip
            {...CHART.tooltip}
            formatter={(v, name, item) => {
              const { payload: d, dataKey } = item as { payload: CompareBar; dataKey?: unknown };
              const raw = dataKey === 'before' ? d.a : d.b;
              return [`${fmtNum(raw)} ${d.unit} (${Math.round(Number(v))}%)${dataKey === 'after' ? ` · ${verdictWord(d.verdict, uiLang())}` : ''}`, name];
            }}
          />
          <Legend {...CHART.legend} />
          <ReferenceLine x={100} stroke="currentColor" strokeOpacity={0.4} strokeDasharray="3 3" />
          <Bar dataKey="before" name={t('compare.before')} fill={SERIES_COLORS[5]} radius={[0, 4, 4, 0]} maxBarSize={18} isAnimationActive={false}>
            <ErrorBar dataKey="beforeErr" direction="x" width={6} strokeWidth={1.5} stroke="currentColor" />
          </Bar>
          <Bar dataKey="after" name={t('compare.after')} fill={SERIES_COLORS[0]} radius={[0, 4, 4, 0]} maxBarSize={18} isAnimationActive={false}>
            <ErrorBar dataKey="afterErr" direction="x" width={6} strokeWidth={1.5} stroke="currentColor" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
