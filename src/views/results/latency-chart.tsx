import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Run, TestId } from '../../../electron/contract/contract.js';
import { niceTicks } from '../../lib/chart-scale';
import { fmtNum, fmtTick } from '../../lib/format';
import { latencyData, latencyTests, placeColors } from '../../lib/run-data';
import { metricMeta } from '../../lib/metrics';
import { testSpec } from '../../../electron/contract/test-catalogue.js';
import { CHART } from '../charts/chart-theme';
import { ChartCard } from '../charts/chart-card';
import { ChartLegend } from '../charts/chart-legend';

/** One card per test of the latency chart that the run has (the catalogue's chart 'latency': 4k random reads), the first with test id chart-latency. */
export function LatencyChart({ run }: { run: Run }): JSX.Element | null {
  const tests = latencyTests(run);
  if (tests.length === 0) return null;
  return (
    <>
      {tests.map((test, i) => (
        <LatencyCard key={test} run={run} test={test} testId={i === 0 ? 'chart-latency' : `chart-latency-${test}`} />
      ))}
    </>
  );
}

/** A test's completion latency percentiles (p50..p99) as points joined by steps, one series per place, in the percentiles' own unit (µs, as the table and the tiles write them). Title ui:chart.latencyOf.<test>. */
function LatencyCard({ run, test, testId }: { run: Run; test: TestId; testId: string }): JSX.Element | null {
  const { t } = useUi();
  const { rows, series } = latencyData(run, test);
  if (rows.length === 0) return null;
  const colors = placeColors(run);
  const maxUs = Math.max(...rows.flatMap((r) => series.map((s) => (typeof r[s.key] === 'number' ? (r[s.key] as number) : 0))));
  const unit = metricMeta(testSpec(test)?.chartMetrics?.[0] ?? '', test).unit;
  const data = rows;
  const ticks = niceTicks(maxUs);
  return (
    <ChartCard title={t(`chart.latencyOf.${test}`)} sub={t('chart.latencySub', { unit })} testId={testId}>
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={data} margin={{ top: 24, right: 20, bottom: 4, left: 4 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="pct" tick={CHART.tick} tickLine={false} />
          <YAxis
            domain={[0, ticks[ticks.length - 1]]}
            ticks={ticks}
            interval={0}
            tick={CHART.tick}
            tickFormatter={fmtTick}
            tickLine={false}
            axisLine={false}
            width={52}
            unit={` ${unit}`}
          />
          <Tooltip {...CHART.tooltip} cursor={{ stroke: '#3a4760' }} formatter={(v) => `${fmtNum(Number(v))} ${unit}`} />
          <Legend {...CHART.legend} content={<ChartLegend />} />
          {series.map((s) => (
            <Line
              key={s.key}
              type="stepAfter"
              dataKey={s.key}
              name={s.label}
              stroke={colors[s.key]}
              strokeWidth={1.5}
              strokeOpacity={0.55}
              dot={{ r: 4.5, strokeWidth: 0, fill: colors[s.key] }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
