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
