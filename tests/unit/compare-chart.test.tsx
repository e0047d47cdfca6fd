// Issue 43, item 3: the Compare chart is on a log scale centred on 1× (a halving and a doubling are as long, a
// slowdown runs left of 1×), and an interval that runs off the axis is clipped and marked instead of widening the
// axis until every other row is squashed. Rows as in the issue: a 0.72× write with an interval 0.011–10.29.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Comparison, CompareRow } from '../../electron/contract/contract.js';
import { formatInterval } from '../../electron/presentation/format.js';
import { ratioAxis, ratioPos } from '../../src/lib/chart-scale';
import { CompareChart } from '../../src/views/compare/compare-chart';

const row = (test: CompareRow['test'], metric: string, ratio: number, ci: [number, number], verdict: CompareRow['verdict']): CompareRow => ({
  target: 'local',
  test,
  place: 'native',
  metric,
  direction: 'higher',
  a: 100,
  b: 100 * ratio,
  medianA: 100,
  medianB: 100 * ratio,
  pct: (ratio - 1) * 100,
  primary: true,
  improved: verdict === 'better' ? true : verdict === 'worse' ? false : null,
  verdict,
  ratio,
  ci,
  nA: 3,
  nB: 3,
  spreadA: [90, 110],
  spreadB: [90 * ratio, 110 * ratio],
  drift: 0.05,
});

const ROWS = [
  row('seq-write', 'write_MBps', 0.72, [0.011, 10.29], 'noise'),
  row('seq-read', 'read_MBps', 2, [1.8, 2.2], 'better'),
  row('rand-read', 'read_iops', 0.5, [0.45, 0.55], 'worse'),
  row('small-files', 'create_per_s', 0.34, [0.3, 0.39], 'worse'),
];
const CMP = { rows: ROWS, machines: undefined } as unknown as Comparison;

/** Each bar of the chart: its data attributes and the left/width (in % of the plot) of its bar and interval. */
function bars(html: string): { metric: string; clipped: string | null; bar: [number, number]; ci: [number, number] | null; text: string }[] {
  return html
    .split('data-testid="compare-bar"')
    .slice(1)
    .map((s) => {
      const box = (id: string): [number, number] | null => {
        const m = new RegExp(`data-testid="${id}" style="left:([\\d.]+)%;width:([\\d.]+)%`).exec(s);
        return m ? [Number(m[1]), Number(m[2])] : null;
      };
      return {
        metric: /data-metric="([^"]+)"/.exec(s)![1],
        clipped: /data-clipped="([^"]+)"/.exec(s)?.[1] ?? null,
        bar: box('compare-bar-fill')!,
        ci: box('compare-ci'),
        text: /class="rchart-value">([^<]*)</.exec(s)![1],
      };
    });
}

describe('Compare chart', () => {
  const html = renderToStaticMarkup(<CompareChart comparison={CMP} />);
  const drawn = bars(html);
  const at = (metric: string) => drawn.find((b) => b.metric === metric)!;
  const one = ratioPos(1, ratioAxis(ROWS.map((r) => ({ ratio: r.ratio!, ci: r.ci }))));

  it('draws every voting row, from 1× in the middle of the axis', () => {
    expect(drawn.map((b) => b.metric)).toEqual(ROWS.map((r) => r.metric));
    expect(one).toBeCloseTo(0.5, 9);
  });

  it('is a log scale: 0.5× and 2× are as long, each on its side of 1×; a 0.72× slowdown runs left', () => {
    const [half, double, slow] = [at('read_iops'), at('read_MBps'), at('write_MBps')];
    expect(half.bar[0] + half.bar[1]).toBeCloseTo(50, 2); // ends at 1×
    expect(double.bar[0]).toBeCloseTo(50, 2); // starts at 1×
    expect(half.bar[1]).toBeCloseTo(double.bar[1], 2);
    expect(slow.bar[0] + slow.bar[1]).toBeCloseTo(50, 2);
    expect(slow.bar[0]).toBeLessThan(50);
  });

  it('clips an interval that runs off the axis, marks it and writes it in full; the other rows keep their length', () => {
    const wide = at('write_MBps');
    // The axis reaches 1/20×–20×: 10.29 is on it, 0.011 is not.
    expect(wide.clipped).toBe('lo');
    expect(wide.ci![0]).toBe(0);
    expect(wide.ci![0] + wide.ci![1]).toBeLessThan(100);
    expect(html).toMatch(/class="rchart-off rchart-off-lo">◀</);
    expect(html).not.toContain('rchart-off-hi');
    expect(html).toContain('an interval runs off the axis');
    expect(wide.text).toBe(formatInterval(0.72, [0.011, 10.29], 'en'));
    // 0.34× still takes a readable share of its half of the axis (on a linear 0–1,200% axis it was 3%).
    expect(at('create_per_s').bar[1]).toBeGreaterThan(15);
    for (const m of ['read_MBps', 'read_iops', 'create_per_s']) expect(at(m).clipped, m).toBeNull();
  });

  it('labels its ticks as ratios on both sides of 1×', () => {
    const ticks = [...html.matchAll(/data-tick="([\d.e-]+)"[^>]*>([^<]+)</g)].map((m) => m[2]);
    expect(ticks).toContain('1.00×');
    expect(ticks.some((t) => Number(t.replace('×', '')) < 1)).toBe(true);
    expect(ticks.some((t) => Number(t.replace('×', '')) > 1)).toBe(true);
  });
});
