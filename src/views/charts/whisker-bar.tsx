import type { JSX } from 'react';
import { Rectangle, type BarShapeProps } from 'recharts';

/** Where a horizontal bar's drawing ends: its whisker's max when that reaches past the bar, else the bar's end (labels go after it). */
export function horizontalEnd(row: Record<string, unknown>, dataKey: string, x: number, width: number): number {
  const max = row[`${dataKey}_max`];
  const median = row[`${dataKey}_median`];
  if (typeof max !== 'number' || typeof median !== 'number' || !(median > 0) || !(width > 0)) return x + width;
  return Math.max(x + width, x + (max * width) / median);
}

/**
 * A shape for recharts' Bar: the bar (the median, maybe scaled to a ratio) and over it the min–max
 * whisker of its trials, read from the row's `<key>_min`, `_max`, `_median`, `_n` (run-data.ts). The
 * whisker carries the trials' min, max and count as data attributes, in the metric's own unit.
 */
export function whiskerShape(dataKey: string, horizontal: boolean): (props: BarShapeProps) => JSX.Element {
  const WhiskerBar = (props: BarShapeProps): JSX.Element => {
    const { x, y, width, height, payload, fill, radius } = props;
    const row = (payload ?? {}) as Record<string, unknown>;
    const num = (k: string): number | null => (typeof row[`${dataKey}_${k}`] === 'number' ? (row[`${dataKey}_${k}`] as number) : null);
    const [min, max, median, n] = [num('min'), num('max'), num('median'), num('n')];
    const value = typeof row[dataKey] === 'number' ? (row[dataKey] as number) : 0;
    const len = horizontal ? width : height;
    const bar = <Rectangle x={x} y={y} width={width} height={height} fill={fill} radius={radius} />;
    if (min === null || max === null || median === null || !(median > 0) || !(value > 0) || !(len > 0)) return bar;
    // Pixels per unit of the raw metric: the bar's length is the median (times the ratio's scale, which cancels out).
    const px = len / median;
    const cap = 6;
    let whisker: JSX.Element;
    if (horizontal) {
      const [x0, x1, cy] = [x + min * px, x + max * px, y + height / 2];
      whisker = (
        <>
          <line x1={x0} x2={x1} y1={cy} y2={cy} />
          <line x1={x0} x2={x0} y1={cy - cap / 2} y2={cy + cap / 2} />
          <line x1={x1} x2={x1} y1={cy - cap / 2} y2={cy + cap / 2} />
        </>
      );
    } else {
      const [y0, y1, cx] = [y + height - min * px, y + height - max * px, x + width / 2];
      whisker = (
        <>
          <line y1={y0} y2={y1} x1={cx} x2={cx} />
          <line y1={y0} y2={y0} x1={cx - cap / 2} x2={cx + cap / 2} />
          <line y1={y1} y2={y1} x1={cx - cap / 2} x2={cx + cap / 2} />
        </>
      );
    }
    return (
      <g>
        {bar}
        <g
          className="whisker"
          data-testid="whisker"
          data-key={dataKey}
          data-row={String(row.key ?? row.op ?? '')}
          data-min={min}
          data-max={max}
          data-median={median}
          data-n={n ?? ''}
        >
          {whisker}
        </g>
      </g>
    );
  };
  return WhiskerBar;
}
