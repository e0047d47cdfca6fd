import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Run } from '../../../electron/contract/contract.js';
import { niceTicks } from '../../lib/chart-scale';
import { fmtNum, fmtRatio, fmtTick } from '../../lib/format';
import { placeColors, smallFilesAbsData, smallFilesRatioData } from '../../lib/run-data';
import { CHART } from '../charts/chart-theme';
import { ChartCard } from '../charts/chart-card';
import { whiskerShape } from '../charts/whisker-bar';
import { ChartLegend } from '../charts/chart-legend';

/**
 * Small-file operations (create, stat, read, delete) on a linear scale with min–max whiskers: as
 * ratios to native (native is the 1× line) when other places were measured, else in ops/s.
 */
export function SmallFilesChart({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const ratio = smallFilesRatioData(run);
  const { rows, series } = ratio ?? smallFilesAbsData(run);
  if (rows.length === 0 || series.length === 0) return null;
  const colors = placeColors(run);
  const top = (r: Record<string, unknown>, k: string): number =>
    typeof r[k] === 'number' ? (r[k] as number) + ((r[`${k}_err`] as number[] | undefined)?.[1] ?? 0) : 0;
  const max = Math.max(ratio ? 1 : 0, ...rows.flatMap((r) => series.map((s) => top(r, s.key))));
  const ticks = niceTicks(max);
  const sub = ratio ? t('chart.smallRatioSub') : t('chart.smallAbsSub');
  const opLabel = (op: string): string => t(`chart.op.${op}`, { defaultValue: op });
  return (
    <ChartCard title={t('chart.small')} sub={sub} testId="chart-small-files">
      <ResponsiveContainer width="100%" height={280}>
        <BarChart data={rows} margin={{ top: 24, right: 12, bottom: 4, left: 4 }} barCategoryGap="24%">
          <CartesianGrid vertical={false} />
          <XAxis dataKey="op" tick={CHART.tick} tickLine={false} tickFormatter={opLabel} />
          <YAxis
            domain={[0, ticks[ticks.length - 1]]}
            ticks={ticks}
            interval={0}
            tick={CHART.tick}
            tickFormatter={(v: number) => (ratio ? `${fmtTick(v)}×` : fmtTick(v))}
            tickLine={false}
            axisLine={false}
            width={52}
          />
          <Tooltip
            {...CHART.tooltip}
            labelFormatter={(op) => opLabel(String(op))}
            formatter={(v, _name, item) => {
              if (!ratio) return t('chart.opsPerS', { value: fmtNum(Number(v)) });
              const abs = (item?.payload as Record<string, unknown> | undefined)?.[`${String(item?.dataKey)}_abs`];
              return `${fmtRatio(Number(v))} ${t('chart.native')}${typeof abs === 'number' ? ` (${t('chart.opsPerS', { value: fmtNum(abs) })})` : ''}`;
            }}
          />
          <Legend {...CHART.legend} content={<ChartLegend />} />
          {ratio ? (
            <ReferenceLine y={1} className="native-line" strokeDasharray="4 3" label={{ value: t('chart.native'), position: 'insideTopRight', fontSize: 12 }} />
          ) : null}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={colors[s.key]}
              radius={[4, 4, 0, 0]}
              maxBarSize={48}
              isAnimationActive={false}
              shape={whiskerShape(s.key, false)}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
