import type { JSX } from 'react';
import type { LegendPayload } from 'recharts';

/**
 * A chart's legend: a colour swatch (decorative, hidden from assistive technology) and the series
 * name. Replaces recharts' default legend, which names each icon "<series> legend icon" in English.
 */
export function ChartLegend({ payload }: { payload?: readonly LegendPayload[] }): JSX.Element | null {
  if (!payload?.length) return null;
  return (
    <ul className="recharts-default-legend chart-legend" data-testid="chart-legend">
      {payload.map((entry, i) => (
        <li key={`${String(entry.value)}-${i}`} className="recharts-legend-item">
          <span className="chart-legend-swatch" aria-hidden="true" style={{ background: entry.color }} />
          <span className="recharts-legend-item-text">{String(entry.value ?? '')}</span>
        </li>
      ))}
    </ul>
  );
}
