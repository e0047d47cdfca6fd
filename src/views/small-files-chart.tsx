import type { JSX } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Run } from '../../electron/contract';
import { fmtNum } from '../lib/format';
import { allPlaces, smallFilesData } from '../lib/run-data';
import { axisNum, CHART, colorsFor } from './chart-theme';
import { ChartCard } from './chart-card';

/** Small-file operations per second (create, stat, read, delete), one bar per place. */
export function SmallFilesChart({ run }: { run: Run }): JSX.Element | null {
  const { rows, series } = smallFilesData(run);
  if (rows.length === 0) return null;
  const colors = colorsFor(allPlaces(run).map((p) => p.key));
  return (
    <ChartCard title="Small files" sub="ops/s, log scale · higher is better" testId="chart-small-files">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={rows} margin={{ top: 24, right: 12, bottom: 4, left: 4 }} barCategoryGap="24%">
          <CartesianGrid vertical={false} />
          <XAxis dataKey="op" tick={CHART.tick} tickLine={false} />
          <YAxis scale="log" domain={[(min: number) => min / 2, (max: number) => max * 1.5]} tick={CHART.tick} tickFormatter={axisNum} tickLine={false} axisLine={false} width={48} />
          <Tooltip {...CHART.tooltip} formatter={(v) => `${fmtNum(Number(v))} ops/s`} />
          <Legend {...CHART.legend} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={colors[s.key]} radius={[4, 4, 0, 0]} maxBarSize={56} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
