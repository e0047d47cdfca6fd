// Issue 43, item 7: on one linear axis Create (2,509/s) and Delete (2,441/s) vanish next to Stat (242,186/s).
// The small-files chart draws one panel per operation, each on an axis of its own from 0, so every operation's
// bar takes a readable share of its panel (here: at least 40% of its axis).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { smallFilesPanels } from '../../src/lib/run-data';
import { SmallFilesChart } from '../../src/views/results/small-files-chart';
import { makeRun, result } from '../helpers/make-run.js';

const RUN = makeRun('2026-01-10T10-00-00-small', '2026-01-10T10:00:00Z', [
  result('small-files', 'native', {
    create_per_s: [2400, 2509, 2600],
    stat_per_s: [240000, 242186, 245000],
    read_per_s: [50000, 51000, 52000],
    delete_per_s: [2300, 2441, 2500],
  }),
]);
const MEDIAN: Record<string, number> = { create: 2509, stat: 242186, read: 51000, delete: 2441 };

describe('small-files chart', () => {
  it('gives every operation a panel and an axis of its own', () => {
    const data = smallFilesPanels(RUN)!;
    expect(data.ratio).toBe(false);
    expect(data.panels.map((p) => p.op)).toEqual(['create', 'stat', 'read', 'delete']);
    for (const p of data.panels) {
      const top = p.ticks[p.ticks.length - 1];
      expect(p.ticks[0]).toBe(0);
      expect(MEDIAN[p.op] / top, `${p.op}: ${MEDIAN[p.op]} on 0–${top}`).toBeGreaterThan(0.4);
    }
  });

  it('draws the four panels, Create and Delete as readable as Stat', () => {
    const html = renderToStaticMarkup(<SmallFilesChart run={RUN} />);
    const panels = [...html.matchAll(/data-testid="small-files-panel" data-op="(\w+)" data-top="([\d.]+)"/g)].map((m) => ({ op: m[1], top: Number(m[2]) }));
    expect(panels.map((p) => p.op)).toEqual(['create', 'stat', 'read', 'delete']);
    for (const p of panels) expect(MEDIAN[p.op] / p.top, p.op).toBeGreaterThan(0.4);
    // One legend for all four.
    expect(html.match(/data-testid="chart-legend"/g)).toHaveLength(1);
  });
});
