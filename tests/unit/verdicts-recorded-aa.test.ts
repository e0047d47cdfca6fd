// Noise reads as noise, on real trials (replacing the live A/A test noise-live): two
// back-to-back quick runs of This machine with the data folder on a tmpfs, recorded on 2026-11-26 on
// the 2-CPU development VM while other work shared it (`vmbench run --suite quick --data-dir
// /dev/shm/...`; stored as tests/fixtures/runs/aa-quick-{a,b}.json, only the probe's list of
// mounts cut to "/"). With the data fixed the comparison is deterministic: the 4 voting metrics (one per
// test and place) must read "within noise" and the other 9 "shown, not voting", every interval holding 1×,
// although several medians moved by 40-180% (rand-read's
// read_iops 149,809 -> 64,775: the trials of each run spread as widely) — the verdict follows the
// trials' intervals, not the medians.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';

const fixture = (name: string): Run => JSON.parse(readFileSync(new URL(`../fixtures/runs/${name}.json`, import.meta.url), 'utf8')) as Run;

describe('two recorded back-to-back quick runs of the same setup (A/A)', () => {
  const a = fixture('aa-quick-a');
  const b = fixture('aa-quick-b');

  it('call every metric, of everything both measured, within noise, both ways', () => {
    for (const cmp of [compareRuns(a, b), compareRuns(b, a)]) {
      expect(cmp.rows).toHaveLength(13);
      for (const r of cmp.rows) {
        expect(r, `${r.test} ${r.metric}`).toMatchObject({ verdict: r.primary ? 'noise' : 'supporting', improved: null, nA: 3, nB: 3 });
        // "within noise" because the interval holds 1×, not because too few trials or the 5% floor decided.
        expect(r.ci![0]).toBeLessThanOrEqual(1);
        expect(r.ci![1]).toBeGreaterThanOrEqual(1);
      }
      expect(cmp.rows.filter((r) => r.primary).map((r) => r.metric)).toEqual(['write_MBps', 'read_MBps', 'read_iops', 'create_per_s']);
      expect(cmp.summary).toMatchObject({ better: 0, worse: 0, noise: 4, supporting: 9, undecided: 0, onlyOne: 0 });
      expect(cmp.summary.line).toBe('No significant change: 4 within noise · 9 more metrics shown, not voting');
    }
  });

  it('while the medians alone would have called several changes', () => {
    const moved = compareRuns(a, b).rows.filter((r) => Math.abs(r.medianB! / r.medianA! - 1) >= 0.2);
    expect(moved.map((r) => r.metric)).toEqual(expect.arrayContaining(['write_MBps', 'read_iops', 'clat_p99_us', 'delete_per_s']));
  });
});
