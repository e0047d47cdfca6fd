import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Run } from '../../../electron/contract/contract.js';
import { niceTicks } from '../../lib/chart-scale';
import { fmtNum, fmtRatio, fmtTick } from '../../lib/format';
import { placeColors, THROUGHPUT_METRICS, throughputData } from '../../lib/run-data';
import { CHART } from '../charts/chart-theme';
import { ChartCard } from '../charts/chart-card';
import { horizontalEnd, whiskerShape } from '../charts/whisker-bar';

interface LabelSpot {
  x?: number | string;
  y?: number | string;
  width?: number | string;
  height?: number | string;
  value?: unknown;
}

/** A bar's label, 8 px after whatever is drawn last on its line (the bar or its whisker), so the two never overlap. */
function EndLabel({ x, y, width, height, value, row, dataKey }: LabelSpot & { row: Record<string, unknown> | undefined; dataKey: string }): JSX.Element | null {
  if (!row || value === undefined) return null;
  const end = horizontalEnd(row, dataKey, Number(x), Number(width));
  return (
    <text
      className="recharts-label bar-end-label"
      data-testid="bar-label"
      x={end + 8}
      y={Number(y) + Number(height) / 2}
      dominantBaseline="central"
      fontSize={12}
    >
      {String(value)}
    </text>
  );
}

/** Sequential write and read MB/s, one horizontal bar per target and place in its place's colour, min–max whiskers, ratio to native as label. */
export function ThroughputChart({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const all = throughputData(run);
  if (all.length === 0) return null;
  const colors = placeColors(run);
  return (
    <ChartCard title={t('chart.throughput')} sub={t('chart.throughputSub')} testId="chart-throughput" wide>
      <div className="chart-pair">
        {THROUGHPUT_METRICS.map((key) => ({ key, name: t(`tile.${key}`) })).map((m) => {
          const rows = all
            .filter((r) => typeof r[m.key] === 'number')
            .map((r): Record<string, string | number | number[] | null> => {
              const v = r[m.key] as number;
              const ratio = r[`${m.key}_ratio`];
              const dd = r[`${m.key}_fallback`] === 1 ? ` · ${t('headline.fallback')}` : '';
              return { ...r, label: `${fmtNum(v)}${typeof ratio === 'number' ? ` · ${fmtRatio(ratio)}` : ''}${dd}` };
            });
          if (rows.length === 0) return null;
          const max = Math.max(...rows.map((r) => (r[m.key] as number) + ((r[`${m.key}_err`] as number[] | null)?.[1] ?? 0)));
          const ticks = niceTicks(max, 4);
          return (
            <div key={m.key} className="chart-part" data-testid={`chart-${m.key}`}>
              <p className="chart-part-title">{m.name}</p>
              <ResponsiveContainer width="100%" height={48 + rows.length * 40}>
                <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 96, bottom: 4, left: 8 }} barCategoryGap="24%">
                  <CartesianGrid horizontal={false} />
                  <XAxis
                    type="number"
                    domain={[0, ticks[ticks.length - 1]]}
                    ticks={ticks}
                    interval={0}
                    tick={CHART.tick}
                    tickFormatter={fmtTick}
                    tickLine={false}
                  />
                  <YAxis type="category" dataKey="name" tick={CHART.tick} tickLine={false} axisLine={false} width={170} />
                  <Tooltip {...CHART.tooltip} formatter={(v) => `${fmtNum(Number(v))} MB/s`} />
                  <Bar dataKey={m.key} name={m.name} radius={[0, 4, 4, 0]} maxBarSize={20} isAnimationActive={false} shape={whiskerShape(m.key, true)}>
                    {rows.map((r) => (
                      <Cell key={String(r.key)} fill={colors[String(r.key)]} />
                    ))}
                    <LabelList dataKey="label" content={(p) => <EndLabel {...(p as LabelSpot)} row={rows[Number(p.index)]} dataKey={m.key} />} />
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            </div>
          );
        })}
      </div>
    </ChartCard>
  );
}
