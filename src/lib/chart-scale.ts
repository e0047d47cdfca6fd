/** Nice axis ticks from 0: steps of 1, 2, 2.5 or 5 times a power of ten, at most about `count` of them, covering `max`. */
export function niceTicks(max: number, count = 5): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1];
  const raw = max / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow;
  const ticks: number[] = [];
  for (let v = 0; v < max + step * 1e-9; v += step) ticks.push(round(v));
  if (ticks[ticks.length - 1] < max) ticks.push(round(ticks[ticks.length - 1] + step));
  return ticks;
}

function round(v: number): number {
  return Number(v.toPrecision(12));
}

/** A log axis centred on 1×: it runs from 1 / max to max, with its ticks (1 and pairs t, 1/t). */
export interface RatioAxis {
  max: number;
  ticks: number[];
}

/** The half-widths a ratio axis may take, and the ticks above 1× each one shows (their inverses below 1×). */
const RATIO_STEPS: readonly [number, readonly number[]][] = [
  [1.25, [1.1, 1.25]],
  [1.5, [1.25, 1.5]],
  [2, [1.5, 2]],
  [3, [1.5, 2, 3]],
  [5, [2, 5]],
  [10, [2, 5, 10]],
  [20, [5, 20]],
  [50, [5, 50]],
  [100, [10, 100]],
  [1000, [10, 1000]],
  [1e4, [100, 1e4]],
  [1e6, [1000, 1e6]],
];

/** How far a positive ratio lies from 1×, as a factor ≥ 1 (0.5× and 2× both 2). */
const reach = (r: number): number => (r > 0 && Number.isFinite(r) ? Math.max(r, 1 / r) : 1);

/**
 * The axis of a set of ratios with their intervals: every ratio fits with room, and intervals widen the axis up to
 * four times the ratios' own reach, no further (a wider interval runs off the axis and is drawn clipped, so it cannot
 * squash every other row).
 */
export function ratioAxis(items: readonly { ratio: number; ci: readonly [number, number] | null }[]): RatioAxis {
  const need = Math.max(1.25, ...items.map((x) => reach(x.ratio) * 1.1));
  const intervals = Math.max(1, ...items.flatMap((x) => (x.ci ? x.ci.map(reach) : [])));
  const want = Math.max(need, Math.min(intervals, need * 4));
  const [max, above] = RATIO_STEPS.find(([m]) => m >= want) ?? RATIO_STEPS[RATIO_STEPS.length - 1];
  return { max, ticks: [...above.map((t) => 1 / t).reverse(), 1, ...above] };
}

/** Where a ratio lies on the axis, from 0 (1 / max) to 1 (max), clamped to its ends. */
export function ratioPos(r: number, axis: RatioAxis): number {
  if (!(r > 0)) return 0;
  const p = (Math.log(r) / Math.log(axis.max) + 1) / 2;
  return Math.min(1, Math.max(0, p));
}

/** An interval on the axis: its ends' positions, and which end ran off the axis (drawn clipped and marked). */
export function clippedInterval(ci: readonly [number, number], axis: RatioAxis): { lo: number; hi: number; offLo: boolean; offHi: boolean } {
  return { lo: ratioPos(ci[0], axis), hi: ratioPos(ci[1], axis), offLo: ci[0] < 1 / axis.max, offHi: ci[1] > axis.max };
}
