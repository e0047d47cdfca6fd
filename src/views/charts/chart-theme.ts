/** Series colors of the Compare chart, in order: violet, cyan, green, amber, pink, slate (readable on dark and light). Results and the share card colour by place (electron/presentation/place-colors.ts). */
export const SERIES_COLORS = ['#8b7bff', '#2cc8ee', '#3ecf8e', '#f5b942', '#ff7ab6', '#9aa5b8'];

/** Shared chart props; colors of grid, axes, tooltip and labels come from the theme CSS (charts.css). */
export const CHART = {
  tick: { fontSize: 12 },
  tooltip: { cursor: { fill: 'rgba(139,123,255,0.08)' } },
  legend: { wrapperStyle: { fontSize: 12 }, itemSorter: null },
} as const;
