// Compare across machines on two real exports (tests/fixtures/imports, SOURCES.txt): the same
// setup measured twice, the second with Lima's mountType 9p and its shared folder on tmpfs. Imported as two
// machines, the verdict is on each place's ratio to its own machine's native, and the settings diff is the one
// setting that differs. The same two runs as one machine's before/after keep the old method.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Run } from '../../electron/contract/contract.js';
import { compareRuns } from '../../electron/engine/compare.js';
import { callRatio, CROSS_MACHINE_METHOD, methodText, welchLogRatio, welchLogRatioOfRatios } from '../../electron/measurement/verdict-stats.js';
import { compareTable, runsTable } from '../../electron/cli/summary.js';
import { summarizeRun } from '../../electron/engine/store/summary.js';
import { renderCardSvg } from '../../electron/engine/report/index.js';

const load = (n: string, machine?: string): Run => {
  const run = JSON.parse(readFileSync(new URL(`../fixtures/imports/machine-${n}.json`, import.meta.url), 'utf8')) as Run;
  if (machine) run.origin = { kind: 'imported', machine, importedAt: '2026-11-27T00:00:00.000Z', digest: '0'.repeat(64), sourceId: run.id };
  return run;
};

describe('cross-machine comparison', () => {
  const cmp = compareRuns(load('a', 'M2 Air (design team)'), load('b', 'Dev box'));

  it('names both machines, states its method and lists the settings that differ first', () => {
    expect(cmp.machines).toEqual({ a: 'M2 Air (design team)', b: 'Dev box' });
    expect(cmp.method.name).toBe('welch-log-ratio-of-native-ratios');
    expect(cmp.method.text).toBe(CROSS_MACHINE_METHOD.text);
    expect(cmp.settings).toEqual([{ target: 'lima:test', setting: 'mountType', a: 'virtiofs', b: '9p' }]);
    const text = compareTable(cmp);
    expect(text.split('\n').slice(0, 4)).toEqual([
      'A: 2026-11-26T21-45-01-2-targets — M2 Air (design team)',
      'B: 2026-11-26T21-49-24-2-targets — Dev box',
      'settings that differ between the machines:',
      '  lima:test mountType: virtiofs → 9p',
    ]);
    expect(text).toContain(`method: ${CROSS_MACHINE_METHOD.text}`);
    expect(methodText('ja', true)).toContain('ネイティブ');
  });

  it('decides each place on its ratio to its own native, with the interval from all four sets of trials', () => {
    const row = (place: string, test: string, metric: string) =>
      cmp.rows.find((r) => r.target === 'lima:test' && r.place === place && r.test === test && r.metric === metric)!;
    const shared = row('shared', 'rand-read', 'read_iops');
    // Absolute figures are shown as measured (geometric means of the trials; the medians beside them) ...
    expect(shared.medianA).toBeCloseTo(35821.17, 1);
    expect(shared.medianB).toBeCloseTo(92786.09, 1);
    expect(shared.a).toBeCloseTo(35581.62, 1);
    // ... but the verdict is on (B / B native) ÷ (A / A native).
    expect(shared.nativeA).toBeCloseTo(0.55, 2);
    expect(shared.nativeB).toBeCloseTo(2.1, 2);
    expect(shared.ratio).toBeCloseTo(shared.nativeB! / shared.nativeA!, 6);
    expect(shared).toMatchObject({ verdict: 'better', primary: true });
    expect(shared.ci![0]).toBeGreaterThan(1);
    expect(shared.ci![0]).toBeLessThan(shared.ratio!);
    expect(shared.ci![1]).toBeGreaterThan(shared.ratio!);
    // The guest disk was the same medium on both: within noise, its interval holding 1×.
    const guest = row('guest', 'rand-read', 'read_iops');
    expect(guest.verdict).toBe('noise');
    expect(guest.ci![0]).toBeLessThan(1);
    expect(guest.ci![1]).toBeGreaterThan(1);
    // Each machine's native is its hardware: shown, never voting.
    for (const r of cmp.rows.filter((x) => x.place === 'native')) expect(r).toMatchObject({ primary: false, verdict: 'supporting' });
    expect(cmp.method.family).toBe(6);
  });

  it('keeps the before/after method for two runs of one machine', () => {
    const same = compareRuns(load('a'), load('b'));
    expect(same.machines).toBeUndefined();
    expect(same.method.name).toBe('welch-log-ratio');
    expect(same.rows.find((r) => r.place === 'native' && r.metric === 'write_MBps')?.primary).toBe(true);
    expect(same.rows.every((r) => r.nativeA === undefined)).toBe(true);
  });
});

describe('ratio of ratios', () => {
  it('is the plain ratio when both baselines are exact and equal', () => {
    const a = [100, 110, 95, 104];
    const b = [150, 160, 149];
    const plain = welchLogRatio(a, b)!;
    const rr = welchLogRatioOfRatios([50, 50, 50], a, [50, 50, 50], b)!;
    expect(rr.ratio).toBeCloseTo(plain.ratio, 12);
    expect(rr.lo).toBeCloseTo(plain.lo, 12);
    expect(rr.hi).toBeCloseTo(plain.hi, 12);
  });

  it('cancels a machine that is uniformly faster, and widens the interval by the baselines’ spread', () => {
    const a = [100, 110, 95, 104];
    const base = [200, 190, 210, 205];
    const rr = welchLogRatioOfRatios(
      base,
      a,
      base.map((x) => x * 2),
      a.map((x) => x * 2),
    )!;
    expect(rr.ratio).toBeCloseTo(1, 12);
    const plain = welchLogRatio(a, a)!;
    expect(rr.hi - rr.lo).toBeGreaterThan(plain.hi - plain.lo);
    expect(
      callRatio(
        a,
        a.map((x) => x * 2),
        0.05,
        { a: base, b: base.map((x) => x * 2) },
      ).call,
    ).toBe('noise');
    expect(callRatio(a, a, 0.05, { a: [1, 1], b: [1, 1, 1] }).call).toBe('undecided');
  });
});

describe('the share card across machines ("my setup vs a colleague\'s")', () => {
  const a = load('a', 'M2 Air (design team)');
  const b = load('b', 'Dev box');
  const cmp = compareRuns(a, b);
  const texts = (svg: string): string[] =>
    [...svg.matchAll(/<text[^>]*>([\s\S]*?)<\/text>/g)].map((m) =>
      m[1]
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&')
        .replace(/&apos;|&#39;/g, "'"),
    );

  it('names both machines in the title and as the two columns, and states the ratio-to-native method', () => {
    const t = texts(renderCardSvg(b, { compare: cmp }));
    expect(
      t.some((x) => x.includes('M2 Air (design team) vs Dev box')),
      t.join(' / '),
    ).toBe(true);
    expect(t).toContain('M2 Air (design team)');
    expect(t).toContain('Dev box');
    expect(
      t.some((x) => x.includes("· ratio to each machine's native")),
      t.join(' / '),
    ).toBe(true);
    expect(t).not.toContain('BEFORE');
  });

  it('says the same in Japanese', () => {
    const t = texts(renderCardSvg(b, { compare: cmp, lang: 'ja' }));
    expect(t.some((x) => x.includes('M2 Air (design team) と Dev box'))).toBe(true);
    expect(t.some((x) => x.includes('各マシンのネイティブとの比'))).toBe(true);
  });

  it('keeps Before and After for two runs of one machine', () => {
    const same = compareRuns(load('a'), load('b'));
    expect(same.machines).toBeUndefined();
    const t = texts(renderCardSvg(load('b'), { compare: same }));
    expect(t).toContain('BEFORE');
    expect(t).toContain('AFTER');
  });
});

describe('vmbench runs with imported runs', () => {
  it("adds a machine column: the imported run's label, marked imported, and This machine for the local one", () => {
    const lines = runsTable([summarizeRun(load('a')), summarizeRun(load('b', 'Dev box'))]).split('\n');
    expect(lines[0]).toMatch(/^id\s+machine\s+started/);
    expect(lines.find((l) => l.startsWith('2026-11-26T21-45-01'))).toContain('This machine');
    expect(lines.find((l) => l.startsWith('2026-11-26T21-49-24'))).toContain('Dev box (imported)');
    expect(runsTable([summarizeRun(load('b', 'Dev box'))], 'ja')).toContain('Dev box（インポート）');
  });

  it("keeps the columns as they were when every run is this machine's", () => {
    expect(runsTable([summarizeRun(load('a'))]).split('\n')[0]).toMatch(/^id\s+started/);
  });
});
