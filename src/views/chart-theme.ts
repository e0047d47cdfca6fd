/** Shared chart props; colors of grid, axes, tooltip and labels come from the theme CSS (views.css). */
export const CHART = {
  tick: { fontSize: 12 },
  tooltip: { cursor: { fill: 'rgba(139,123,255,0.08)' } },
  legend: { wrapperStyle: { fontSize: 12 }, itemSorter: null },
} as const;
