/** Series colors, in order: violet, cyan, green, amber, pink, slate (readable on dark and light). */
export const SERIES_COLORS = ['#8b7bff', '#2cc8ee', '#3ecf8e', '#f5b942', '#ff7ab6', '#9aa5b8'];

/** Shared chart props; colors of grid, axes, tooltip and labels come from the theme CSS (views.css). */
export const CHART = {
  tick: { fontSize: 12 },
  tooltip: { cursor: { fill: 'rgba(139,123,255,0.08)' } },
  legend: { wrapperStyle: { fontSize: 12 }, itemSorter: null },
} as const;

/** Compact axis numbers: 1.2k, 35k, 1.1M. */
export function axisNum(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `${(v / 1e6).toFixed(a >= 1e7 ? 0 : 1)}M`;
  if (a >= 1e3) return `${(v / 1e3).toFixed(a >= 1e4 ? 0 : 1)}k`;
  return String(Math.round(v * 100) / 100);
}

/** Colors of places (native baseline first), distinct from the write/read colors of the throughput chart. */
export const PLACE_COLORS = ['#3ecf8e', '#f5b942', '#ff7ab6', '#8b7bff', '#2cc8ee', '#9aa5b8'];

/** A stable color per series key (target__place), in the order the keys are given. */
export function colorsFor(keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k, i) => [k, PLACE_COLORS[i % PLACE_COLORS.length]]));
}
