// perf's ledger (scripts/perf/perf-ledger.mjs): every round's app/by-hand pairs are kept outside the checkout and pooled per
// place while the transport's sources and the bench scripts stay the same. The pairs here are constructed: each side's
// trials are the same three values scaled, so a pair's ratio app ÷ by hand is exactly the scale.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MIN_PAIRS,
  fidelityGoalText,
  ledgerPath,
  ledgerSummary,
  parseLedger,
  placeFingerprint,
  poolPlace,
  readLedger,
  recordRound,
  type LedgerKey,
  type Pooled,
} from '../../scripts/perf/perf-ledger.mjs';

const NATIVE: LedgerKey = { place: 'native', test: 'rand-read', metric: 'read_iops', transport: 'local', emulated: false, fio: 'fio-3.33' };
const DOCKER: LedgerKey = { place: 'volume', test: 'rand-read', metric: 'read_iops', transport: 'docker', emulated: false, fio: 'fio-3.33' };

/** A pair whose ratio app ÷ by hand is exactly r. */
const pair = (i: number, r: number) => ({ pair: i, app: [100 * r, 110 * r, 90 * r], byHand: [100, 110, 90], ratio: r });
/** abab's return for one place: pairs with these ratios. */
const round = (ratios: number[]) => ({ pairTrials: ratios.map((r, i) => pair(i + 1, r)) });

let root: string;
let file: string;
beforeEach(() => {
  // A checkout of its own (no git): the transports' sources and the bench scripts the fingerprints hash.
  root = mkdtempSync(join(tmpdir(), 'vmbench-ledger-'));
  for (const d of ['electron/engine/transports/local', 'electron/engine/transports/docker', 'bench-scripts']) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, 'electron/engine/transports/types.ts'), 'export type T = 1;\n');
  writeFileSync(join(root, 'electron/engine/transports/local/index.ts'), 'export const local = 1;\n');
  writeFileSync(join(root, 'electron/engine/transports/docker/index.ts'), 'export const docker = 1;\n');
  writeFileSync(join(root, 'bench-scripts/lib.sh'), 'vb_settle() { :; }\n');
  writeFileSync(join(root, 'bench-scripts/rand-read.sh'), 'fio --rw=randread\n');
  file = join(root, 'cache', 'ledger.ndjson');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** One round of native (and optionally Docker volume) pairs; returns the lines it printed. */
async function perfRound(id: string, native: number[], docker?: number[]) {
  const lines: string[] = [];
  await recordRound({
    results: { 'native rand-read': round(native), ...(docker ? { 'docker volume': round(docker) } : {}) },
    places: { 'native rand-read': NATIVE, ...(docker ? { 'docker volume': DOCKER } : {}) },
    say: (l) => lines.push(l),
    file,
    root,
    round: id,
    at: '2026-11-28T12:00:00.000Z',
  });
  return lines;
}
const nativeLine = (lines: string[]) => lines.find((l) => l.startsWith('native rand-read'))!;

describe('perf ledger: pooling across rounds', () => {
  it('each round adds its pairs; the pooled figure covers every round of the place', async () => {
    const first = await perfRound('r1', [1.02, 1 / 1.02, 1.02, 1 / 1.02]);
    expect(first[0]).toMatch(/: this round added 4 pair\(s\)/);
    expect(nativeLine(first)).toMatch(/over 4 pair\(s\) from 1 round\(s\).*: not enough pairs yet \(n=4 of 12\)$/);
    const second = await perfRound('r2', [1.02, 1 / 1.02, 1.02, 1 / 1.02]);
    expect(nativeLine(second)).toMatch(/over 8 pair\(s\) from 2 round\(s\).*: not enough pairs yet \(n=8 of 12\)$/);
    const third = await perfRound('r3', [1.02, 1 / 1.02, 1.02, 1 / 1.02]);
    // 12 ratios of 1.02 and 1/1.02: geometric mean 1; the 90% t interval (11 df, t = 1.7959) is
    // ±1.7959 × ln 1.02 × √(12/11) / √12 on the log scale: 0.98933–1.01078.
    expect(nativeLine(third)).toContain('pooled app / by hand 1.000 [0.989–1.011] (90%) over 12 pair(s) from 3 round(s), pairs spread ±2.1%');
    expect(nativeLine(third)).toMatch(/: meets the goal \(90% interval within 0\.95–1\.05\)$/);
    const pooled = await poolPlace(readLedger(file), NATIVE, placeFingerprint(NATIVE, root));
    expect(pooled.n).toBe(12);
    expect(pooled.interval!.lo).toBeCloseTo(0.98933, 4);
    expect(pooled.interval!.hi).toBeCloseTo(1.01078, 4);
  });

  it('keeps the places apart: Docker pairs do not pool with native ones', async () => {
    await perfRound('r1', [1.0, 1.0, 1.01, 0.99], [1.2, 1.25, 1.15, 1.2]);
    const lines = await perfRound('r2', [1.0, 1.0, 1.01, 0.99], [1.2, 1.25, 1.15, 1.2]);
    const entries = readLedger(file);
    expect(entries.filter((e) => e.transport === 'docker')).toHaveLength(8);
    expect(nativeLine(lines)).toMatch(/pooled app \/ by hand 1\.000 .* over 8 pair\(s\)/);
    expect(lines.find((l) => l.startsWith('docker volume'))).toMatch(/pooled app \/ by hand 1\.199 .* over 8 pair\(s\) from 2 round\(s\)/);
  });

  it("records the key, the fingerprint and each pair's trials on a line of its own", async () => {
    await perfRound('r1', [1.1, 0.9]);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1])).toEqual({
      v: 1,
      round: 'r1',
      at: '2026-11-28T12:00:00.000Z',
      commit: null,
      dirty: null,
      ...NATIVE,
      fingerprint: placeFingerprint(NATIVE, root),
      pair: 2,
      app: [90, 99, 81],
      byHand: [100, 110, 90],
    });
  });

  it('a pair of another fio version is another key', async () => {
    await perfRound('r1', [1.0, 1.0, 1.0, 1.0]);
    const lines: string[] = [];
    await recordRound({
      results: { 'native rand-read': round([1.0, 1.0]) },
      places: { 'native rand-read': { ...NATIVE, fio: 'fio-3.36' } },
      say: (l) => lines.push(l),
      file,
      root,
    });
    expect(nativeLine(lines)).toMatch(/over 2 pair\(s\) from 1 round\(s\)/);
    expect(nativeLine(lines)).not.toContain('another fingerprint');
  });

  it("another by-hand tool or workload is another key (the command section's); a line without them is fio's", async () => {
    writeFileSync(join(root, 'bench-scripts/command.sh'), 'sh -c "$CMD"\n');
    const key = (tool: string, workload: string): LedgerKey => ({ ...NATIVE, test: 'command', metric: 'wall_s', fio: '1.15.0', tool, workload });
    const add = async (k: LedgerKey, ratios: number[]) => {
      const lines: string[] = [];
      await recordRound({ results: { command: round(ratios) }, places: { command: k }, say: (l) => lines.push(l), file, root });
      return lines.find((l) => l.startsWith('command'))!;
    };
    await add(key('hyperfine', 'find in 2000 files'), [1.0, 1.0]);
    expect(await add(key('hyperfine', 'find in 4000 files'), [1.1, 1.1])).toMatch(/^command \(hyperfine 1\.15\.0, local, .*over 2 pair\(s\) from 1 round\(s\)/);
    expect(await add(key('date +%s%N', 'find in 2000 files'), [1.2, 1.2])).toMatch(/over 2 pair\(s\) from 1 round\(s\)/);
    expect(await add(key('hyperfine', 'find in 2000 files'), [1.0, 1.0])).toMatch(/over 4 pair\(s\) from 2 round\(s\)/);
    // fio's lines carry neither field, as before the command section: they still pool with each other.
    await perfRound('r1', [1.0, 1.0]);
    expect(nativeLine(await perfRound('r2', [1.0, 1.0]))).toMatch(/\(fio fio-3\.33, local, .*over 4 pair\(s\) from 2 round\(s\)/);
    expect(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"rand-read"') && l.includes('"tool"')),
    ).toEqual([]);
  });
});

describe('perf ledger: a changed transport or bench script starts the place afresh', () => {
  it('a changed bench script sets the older pairs aside and says so', async () => {
    await perfRound('r1', [1.0, 1.01, 0.99, 1.0]);
    await perfRound('r2', [1.0, 1.01, 0.99, 1.0]);
    const before = placeFingerprint(NATIVE, root);
    writeFileSync(join(root, 'bench-scripts/rand-read.sh'), 'fio --rw=randread --iodepth=4\n');
    expect(placeFingerprint(NATIVE, root)).not.toBe(before);
    const lines = await perfRound('r3', [1.05, 1.06, 1.04, 1.05]);
    expect(nativeLine(lines)).toMatch(/over 4 pair\(s\) from 1 round\(s\)/);
    expect(nativeLine(lines)).toContain(
      `; 8 older pair(s) with another fingerprint (${before}: the transport, a bench script or the by-hand side changed since) not pooled`,
    );
    // The older pairs stay in the file.
    expect(readLedger(file)).toHaveLength(12);
  });

  it("a change to one transport's sources restarts its places only", async () => {
    await perfRound('r1', [1.0, 1.0], [1.0, 1.0]);
    writeFileSync(join(root, 'electron/engine/transports/docker/index.ts'), 'export const docker = 2;\n');
    const lines = await perfRound('r2', [1.0, 1.0], [1.0, 1.0]);
    expect(nativeLine(lines)).toMatch(/over 4 pair\(s\) from 2 round\(s\)/);
    expect(lines.find((l) => l.startsWith('docker volume'))).toMatch(/over 2 pair\(s\) from 1 round\(s\).*; 2 older pair\(s\) with another fingerprint/);
  });

  it('lib.sh, which every test sources, is part of every fingerprint', () => {
    const before = [placeFingerprint(NATIVE, root), placeFingerprint(DOCKER, root)];
    writeFileSync(join(root, 'bench-scripts/lib.sh'), 'vb_settle() { sync; }\n');
    const after = [placeFingerprint(NATIVE, root), placeFingerprint(DOCKER, root)];
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });
});

describe('perf ledger: the goal check', () => {
  const pooled = (n: number, lo: number, hi: number): Pooled => ({
    n,
    interval: { center: Math.sqrt(lo * hi), lo, hi, halfWidth: (hi - lo) / 2 },
    spread: 0.07,
    rounds: 2,
    commits: [],
    setAside: 0,
    setAsideFingerprints: [],
  });

  it('judges nothing under 12 pairs', () => {
    expect(MIN_PAIRS).toBe(12);
    expect(fidelityGoalText(pooled(5, 0.99, 1.01), false)).toBe('not enough pairs yet (n=5 of 12)');
    expect(fidelityGoalText(pooled(11, 0.99, 1.01), true)).toBe('not enough pairs yet (n=11 of 12)');
    expect(fidelityGoalText({ ...pooled(1, 1, 1), interval: null }, false)).toBe('not enough pairs yet (n=1 of 12)');
  });

  it('natively and in Docker: the 90% interval within 0.95–1.05', () => {
    expect(fidelityGoalText(pooled(12, 0.96, 1.04), false)).toBe('meets the goal (90% interval within 0.95–1.05)');
    expect(fidelityGoalText(pooled(12, 0.95, 1.05), false)).toBe('meets the goal (90% interval within 0.95–1.05)');
    expect(fidelityGoalText(pooled(20, 0.93, 1.04), false)).toMatch(
      /^misses the goal \(90% interval within 0\.95–1\.05\): the interval includes 1 but is wider/,
    );
    expect(fidelityGoalText(pooled(20, 1.01, 1.06), false)).toMatch(/^misses the goal .*: the interval excludes 1, app and by hand differ$/);
  });

  it('under emulation (TCG): within 0.90–1.10', () => {
    expect(fidelityGoalText(pooled(12, 0.93, 1.08), true)).toBe('meets the goal (90% interval within 0.90–1.10)');
    expect(fidelityGoalText(pooled(12, 0.88, 1.08), true)).toMatch(/^misses the goal \(90% interval within 0\.90–1\.10\)/);
  });
});

describe('perf ledger: a damaged ledger', () => {
  const valid = (i: number, r: number) =>
    JSON.stringify({ v: 1, round: 'old', at: 'x', commit: 'c', dirty: false, ...NATIVE, fingerprint: 'f', ...pair(i, r) });

  it('skips a line that is not a pair, with a warning naming it, and keeps the rest', () => {
    const warnings: string[] = [];
    const text = [
      valid(1, 1.0),
      '{"v":1,"place":',
      'garbage',
      JSON.stringify({ v: 2 }),
      '',
      JSON.stringify({ ...JSON.parse(valid(5, 1)), app: [0, 1] }),
      valid(6, 1.1),
    ].join('\n');
    const entries = parseLedger(text, (w) => warnings.push(w));
    expect(entries.map((e) => e.pair)).toEqual([1, 6]);
    expect(warnings).toEqual([
      'ledger line 2 skipped: not JSON ({"v":1,"place":)',
      'ledger line 3 skipped: not JSON (garbage)',
      'ledger line 4 skipped: format version 2, not 1',
      'ledger line 6 skipped: app or byHand is not two or more positive numbers',
    ]);
  });

  it('a round after a torn last line: warns, keeps every old line as it was, and its own lines parse', async () => {
    const fp = placeFingerprint(NATIVE, root);
    const old = `${valid(1, 1.0).replace('"f"', `"${fp}"`)}\nnot json at all\n${valid(2, 1.0).replace('"f"', `"${fp}"`)}\n{"v":1,"round":"torn","pla`;
    mkdirSync(join(root, 'cache'));
    writeFileSync(file, old);
    const lines = await perfRound('r1', [1.0, 1.0]);
    expect(lines).toContain('warning: ledger line 2 skipped: not JSON (not json at all)');
    expect(lines).toContain('warning: ledger line 4 skipped: not JSON ({"v":1,"round":"torn","pla)');
    expect(nativeLine(lines)).toMatch(/over 4 pair\(s\) from 2 round\(s\)/);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(`${old}\n`)).toBe(true);
    expect(parseLedger(text.slice(old.length + 1)).map((e) => e.round)).toEqual(['r1', 'r1']);
  });

  it('a ledger that cannot be written: the round says so and perf goes on', async () => {
    writeFileSync(join(root, 'cache'), 'a file where the folder should be');
    const lines = await perfRound('r1', [1.0, 1.0]);
    expect(lines[0]).toMatch(/this round's 2 pair\(s\) NOT added: /);
    expect(nativeLine(lines)).toMatch(/over 0 pair\(s\)/);
  });

  it('never writes over what is not a regular file, and VMBENCH_PERF_LEDGER=off keeps nothing', async () => {
    mkdirSync(file, { recursive: true });
    const lines = await perfRound('r1', [1.0, 1.0]);
    expect(lines[0]).toMatch(/NOT added: .* is not a regular file$/);
    const off: string[] = [];
    await recordRound({
      results: { 'native rand-read': round([1.0, 1.0]) },
      places: { 'native rand-read': NATIVE },
      say: (l) => off.push(l),
      file: 'off',
      root,
    });
    expect(off).toEqual(['ledger off (VMBENCH_PERF_LEDGER=off): this round is not kept']);
  });

  it('takes over a lock whose writer is gone', async () => {
    mkdirSync(join(root, 'cache'));
    writeFileSync(`${file}.lock`, '2147483646');
    const lines = await perfRound('r1', [1.0, 1.0]);
    expect(lines[0]).toMatch(/this round added 2 pair\(s\)/);
    expect(readLedger(file)).toHaveLength(2);
  });
});

describe('perf ledger: the summary without measuring', () => {
  it('prints every key of the ledger pooled with the current fingerprints', async () => {
    await perfRound('r1', [1.0, 1.0], [1.1, 1.1]);
    await perfRound('r2', [1.0, 1.0], [1.1, 1.1]);
    const lines: string[] = [];
    await ledgerSummary({ file, root, say: (l) => lines.push(l) });
    expect(lines[0]).toBe(`ledger ${file}: 8 pair(s)`);
    expect(lines.slice(1).map((l) => l.replace(/ \(fio .*?\)/, ''))).toEqual([
      'native rand-read read_iops: pooled app / by hand 1.000 [1.000–1.000] (90%) over 4 pair(s) from 2 round(s), pairs spread ±0.0%: not enough pairs yet (n=4 of 12)',
      'docker volume rand-read read_iops: pooled app / by hand 1.100 [1.100–1.100] (90%) over 4 pair(s) from 2 round(s), pairs spread ±0.0%: not enough pairs yet (n=4 of 12)',
    ]);
  });
});

describe('perf ledger: where it lives', () => {
  it('VMBENCH_PERF_LEDGER, else beside the test images as root, else the user cache', () => {
    expect(ledgerPath({ VMBENCH_PERF_LEDGER: '/x/l.ndjson' }, 0)).toBe('/x/l.ndjson');
    expect(ledgerPath({}, 0)).toBe('/var/cache/vmbench-test/perf-ledger.ndjson');
    expect(ledgerPath({ HOME: '/home/u' }, 1000)).toBe('/home/u/.cache/vmbench-perf/ledger.ndjson');
    expect(ledgerPath({ HOME: '/home/u', XDG_CACHE_HOME: '/c' }, 1000)).toBe('/c/vmbench-perf/ledger.ndjson');
  });
});
