// The team table on two real exports imported as two machines (tests/fixtures/imports,
// SOURCES.txt): one row per machine × runtime × place, ratio to that machine's native, best first, the
// setting that differs between the best and the worst row, and exports redacted with HTML made inert.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { teamTable } from '../../electron/engine/team.js';
import { fastestLine, teamToCsv, teamToMarkdown } from '../../electron/engine/report/team-export.js';

const load = (n: string, machine?: string): Run => {
  const run = JSON.parse(readFileSync(new URL(`../fixtures/imports/machine-${n}.json`, import.meta.url), 'utf8')) as Run;
  if (machine) run.origin = { kind: 'imported', machine, importedAt: '2026-11-27T00:00:00.000Z', digest: '0'.repeat(64), sourceId: run.id };
  return run;
};
const ctx = { home: '/home/alice', user: 'alice', host: 'alices-mbp' };

describe('team table', () => {
  const table = teamTable([load('a'), load('b', 'Dev box <img src=x> of alice')]);

  it('has one row per machine × runtime × place with ratios to its own native, best first', () => {
    expect(table.metrics).toEqual(['write_MBps', 'read_iops', 'create_per_s']);
    expect(table.rows.map((r) => [r.machine, r.target, r.place])).toEqual([
      ['Dev box <img src=x> of alice', 'lima:test', 'shared'],
      ['Dev box <img src=x> of alice', 'lima:test', 'guest'],
      ['This machine', 'lima:test', 'guest'],
      ['This machine', 'lima:test', 'shared'],
      // Each machine's native: the baseline, 1× by definition, with its own medians, after the scored rows.
      ['This machine', 'local', 'native'],
      ['Dev box <img src=x> of alice', 'local', 'native'],
    ]);
    expect(table.rows.map((r) => r.baseline)).toEqual([false, false, false, false, true, true]);
    const best = table.rows[0];
    expect(best.ratios.read_iops!.ratio).toBeCloseTo(2.1, 2);
    expect(best.ratios.read_iops!.ci![0]).toBeGreaterThan(1);
    const scored = table.rows.filter((r) => !r.baseline);
    expect(scored.map((r) => r.score!)).toEqual([...scored.map((r) => r.score!)].sort((a, b) => b - a));
    expect(table.rows.filter((r) => r.baseline).map((r) => r.score)).toEqual([null, null]);
    expect(table.fastest).toEqual({ best: 0, worst: 3, settings: [{ setting: 'mountType', best: '9p', worst: 'virtiofs' }] });
    expect(fastestLine(table)).toBe('What the fastest setup uses (Dev box <img src=x> of alice, lima:test): mountType 9p (vs virtiofs).');
    expect(fastestLine(table, 'ja')).toContain('最速の構成');
  });

  it('exports Markdown and CSV redacted, with HTML inert in Markdown', () => {
    const md = teamToMarkdown(table, ctx);
    expect(md).toContain(
      '| Dev box &lt;img src=x&gt; of &lt;user&gt; | lima:test | shared folder | 0.52× [0.27–0.97] | 2.10× [1.18–3.76] | 26.7× [10.3–69.1] | 3.07× |',
    );
    expect(md).not.toContain('<img');
    expect(md).not.toMatch(/alice/);
    const csv = teamToCsv(table, ctx);
    expect(csv.split('\r\n')[0]).toBe('machine,target,runtime,place,metric,ratio_to_native,ci_low,ci_high,score');
    expect(csv.split('\r\n')).toHaveLength(1 + 6 * 3 + 1);
    expect(csv).not.toMatch(/alice/);
  });
});
