import type { JSX } from 'react';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Run } from '../../electron/contract';
import { fmtNum, fmtRatio } from '../lib/format';
import { throughputData } from '../lib/run-data';
import { axisNum, CHART, SERIES_COLORS } from './chart-theme';
import { ChartCard } from './chart-card';

const BARS = [
  { key: 'write_MBps', name: 'Sequential write' },
  { key: 'read_MBps', name: 'Sequential read' },
] as const;

/** Write and read MB/s per target and place as horizontal bars; non-native bars carry their ratio to native. */
export function ThroughputChart({ run }: { run: Run }): JSX.Element | null {
  const rows = throughputData(run).map((r) => {
    const out = { ...r };
    for (const b of BARS) {
      const v = r[b.key];
      const ratio = r[`${b.key}_ratio`];
      const dd = r[`${b.key}_fallback`] === 1 ? ' · dd fallback' : '';
      out[`${b.key}_label`] = typeof v === 'number' ? `${fmtNum(v)} MB/s${typeof ratio === 'number' ? ` · ${fmtRatio(ratio)} native` : ''}${dd}` : null;
    }
    return out;
  });
  if (rows.length === 0) return null;
  const height = 70 + rows.length * 64;
  return (
    <ChartCard title="Throughput" sub="sequential, MB/s median · higher is better · ratio to native" testId="chart-throughput" wide>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 150, bottom: 4, left: 8 }} barGap={4} barCategoryGap="22%">
          <CartesianGrid horizontal={false} />
          <XAxis type="number" tick={CHART.tick} tickFormatter={axisNum} tickLine={false} />
          <YAxis type="category" dataKey="name" tick={CHART.tick} tickLine={false} axisLine={false} width={190} />
          <Tooltip {...CHART.tooltip} formatter={(v) => `${fmtNum(Number(v))} MB/s`} />
          <Legend {...CHART.legend} />
          {BARS.map((b, i) => (
            <Bar key={b.key} dataKey={b.key} name={b.name} fill={SERIES_COLORS[i]} radius={[0, 4, 4, 0]} maxBarSize={22} isAnimationActive={false}>
              <LabelList dataKey={`${b.key}_label`} position="right" fontSize={12} />
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
