import type { JSX } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Run } from '../../electron/contract';
import { fmtNum } from '../lib/format';
import { allPlaces, latencyData } from '../lib/run-data';
import { axisNum, CHART, colorsFor } from './chart-theme';
import { ChartCard } from './chart-card';

/** 4k random-read completion latency percentiles (p50..p99), one line per place. */
export function LatencyChart({ run }: { run: Run }): JSX.Element | null {
  const { rows, series } = latencyData(run);
  if (rows.length === 0) return null;
  const colors = colorsFor(allPlaces(run).map((p) => p.key));
  return (
    <ChartCard title="Random-read latency" sub="µs, log scale · lower is better" testId="chart-latency">
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={rows} margin={{ top: 24, right: 20, bottom: 4, left: 4 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="pct" tick={CHART.tick} tickLine={false} />
          <YAxis scale="log" domain={[(min: number) => min / 1.5, (max: number) => max * 1.5]} tick={CHART.tick} tickFormatter={axisNum} tickLine={false} axisLine={false} width={48} />
          <Tooltip {...CHART.tooltip} cursor={{ stroke: '#3a4760' }} formatter={(v) => `${fmtNum(Number(v))} µs`} />
          <Legend {...CHART.legend} />
          {series.map((s) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.label}
              stroke={colors[s.key]}
              strokeWidth={2.5}
              dot={{ r: 4, strokeWidth: 0, fill: colors[s.key] }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
