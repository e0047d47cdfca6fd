import type { JSX } from 'react';
import { Bar, BarChart, CartesianGrid, ErrorBar, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Run } from '../../electron/contract';
import { niceTicks, tickLabel } from '../lib/chart-scale';
import { fmtNum, fmtRatio } from '../lib/format';
import { placeColors, smallFilesRatioData } from '../lib/run-data';
import { CHART } from './chart-theme';
import { ChartCard } from './chart-card';

/** Small-file operations (create, stat, read, delete) as ratios to native on a linear scale, one bar per place with min–max whiskers; native is the 1× line. */
export function SmallFilesChart({ run }: { run: Run }): JSX.Element | null {
  const data = smallFilesRatioData(run);
  if (!data) return null;
  const { rows, series } = data;
  const colors = placeColors(run);
  const max = Math.max(1, ...rows.flatMap((r) => series.map((s) => (typeof r[s.key] === 'number' ? (r[s.key] as number) + ((r[`${s.key}_err`] as number[] | undefined)?.[1] ?? 0) : 0))));
  const ticks = niceTicks(max);
  return (
    <ChartCard title="Small files" sub="ops/s as a ratio to native (1× = native) with min–max · linear · higher is better" testId="chart-small-files">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={rows} margin={{ top: 24, right: 12, bottom: 4, left: 4 }} barCategoryGap="24%">
          <CartesianGrid vertical={false} />
          <XAxis dataKey="op" tick={CHART.tick} tickLine={false} />
          <YAxis domain={[0, ticks[ticks.length - 1]]} ticks={ticks} interval={0} tick={CHART.tick} tickFormatter={(v: number) => `${tickLabel(v)}×`} tickLine={false} axisLine={false} width={48} />
          <Tooltip
            {...CHART.tooltip}
            formatter={(v, _name, item) => {
              const abs = (item?.payload as Record<string, unknown> | undefined)?.[`${String(item?.dataKey)}_abs`];
              return `${fmtRatio(Number(v))} native${typeof abs === 'number' ? ` (${fmtNum(abs)} ops/s)` : ''}`;
            }}
          />
          <Legend {...CHART.legend} />
          <ReferenceLine y={1} className="native-line" strokeDasharray="4 3" label={{ value: 'native', position: 'insideTopRight', fontSize: 12 }} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={colors[s.key]} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false}>
              <ErrorBar dataKey={`${s.key}_err`} direction="y" width={6} strokeWidth={1.5} className="whisker" />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
