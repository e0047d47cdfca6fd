import type { JSX } from 'react';
import { useUi } from '../../lib/use-ui';
import { Bar, BarChart, CartesianGrid, LabelList, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Run } from '../../../electron/contract/contract.js';
import { fmtCompact, fmtNum, fmtRatio, fmtTick } from '../../lib/format';
import { placeColors, smallFilesPanels } from '../../lib/run-data';
import { CHART } from '../charts/chart-theme';
import { ChartCard } from '../charts/chart-card';
import { whiskerShape } from '../charts/whisker-bar';
import { ChartLegend } from '../charts/chart-legend';

/**
 * Small-file operations (create, stat, read, delete), one panel per operation on an axis of its own from 0, with
 * min–max whiskers: as ratios to native (native is the 1× line) when other places were measured, else in ops/s.
 * One legend for the four panels (two by two in a half-width card).
 */
export function SmallFilesChart({ run }: { run: Run }): JSX.Element | null {
  const { t } = useUi();
  const data = smallFilesPanels(run);
  if (!data) return null;
  const { ratio, series, panels } = data;
  const colors = placeColors(run);
  const sub = ratio ? t('chart.smallRatioSub') : t('chart.smallAbsSub');
  const opLabel = (op: string): string => t(`chart.op.${op}`, { defaultValue: op });
  return (
    <ChartCard title={t('chart.small')} sub={sub} testId="chart-small-files">
      <div className="chart-panels">
        {panels.map(({ op, row, ticks }) => (
          <div key={op} className="chart-part" data-testid="small-files-panel" data-op={op} data-top={ticks[ticks.length - 1]}>
            <ResponsiveContainer width="100%" height={150}>
              <BarChart data={[row]} margin={{ top: 18, right: 8, bottom: 0, left: 0 }} barCategoryGap="18%">
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
                  width={48}
                />
                <Tooltip
                  {...CHART.tooltip}
                  labelFormatter={(o) => opLabel(String(o))}
                  formatter={(v, _name, item) => {
                    if (!ratio) return t('chart.opsPerS', { value: fmtNum(Number(v)) });
                    const abs = (item?.payload as Record<string, unknown> | undefined)?.[`${String(item?.dataKey)}_abs`];
                    return `${fmtRatio(Number(v))} ${t('chart.native')}${typeof abs === 'number' ? ` (${t('chart.opsPerS', { value: fmtNum(abs) })})` : ''}`;
                  }}
                />
                {ratio ? <ReferenceLine y={1} className="native-line" strokeDasharray="4 3" /> : null}
                {series.map((s) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.label}
                    fill={colors[s.key]}
                    radius={[4, 4, 0, 0]}
                    maxBarSize={40}
                    isAnimationActive={false}
                    shape={whiskerShape(s.key, false)}
                  >
                    {/* Each bar's value above it, so that a short bar (0.06× native) still reads. */}
                    <LabelList
                      dataKey={s.key}
                      position="top"
                      fontSize={11}
                      formatter={(v: unknown) => (typeof v === 'number' ? (ratio ? fmtRatio(v) : fmtCompact(v)) : '')}
                    />
                  </Bar>
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        ))}
      </div>
      <ChartLegend payload={series.map((s) => ({ value: s.label, color: colors[s.key], type: 'square' as const, dataKey: s.key }))} />
    </ChartCard>
  );
}
