// Measurement that order cannot bias, shared by perf.mjs, perf-docker.mjs and perf-libvirt.mjs:
// app and by-hand runs alternate in the same place in counterbalanced pairs (app first, then by hand first, ...), each after the
// write-back settle the bench scripts use (lib.sh vb_settle: sync, then Dirty+Writeback <= 4 MiB, at
// most 30 s). Each pair is printed, then the ratio app / by hand with its 95% interval from the same
// statistics Compare uses (electron/measurement/verdict-stats.ts welchLogRatio on every trial of both sides,
// formatted by electron/presentation/format.ts formatInterval), bundled here with esbuild rather than rewritten.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = join(import.meta.dirname, '../..');
let stats;

/**
 * Compare's statistics and its ratio text ({ welchLogRatio, logMeanInterval, runToRunDrift, formatInterval }, the catalogue's testSpec) and the project's
 * file writer ({ atomicWrite }, for perf's ledger), bundled from the TypeScript sources once.
 */
export async function compareStats() {
  if (stats) return stats;
  const { build } = await import('esbuild');
  // Inside the checkout, so that the bundle's external packages (i18next) resolve from its node_modules.
  const dir = mkdtempSync(join(repo, '.vmbench-tmp-perf-stats-'));
  try {
    const file = join(dir, 'stats.mjs');
    await build({
      stdin: {
        contents: [
          "export { welchLogRatio, logMeanInterval, runToRunDrift } from './electron/measurement/verdict-stats.ts';",
          "export { testSpec } from './electron/contract/test-catalogue.ts';",
          "export { formatInterval } from './electron/presentation/format.ts';",
          "export { atomicWrite } from './electron/engine/util/atomic-write.ts';",
        ].join('\n'),
        resolveDir: repo,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: file,
      logLevel: 'warning',
    });
    writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
    stats = await import(pathToFileURL(file).href);
    return stats;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A POSIX sh script (lib.sh + a call of vb_settle) that prints "MS SETTLED LEFT_KIB" (-1 without /proc/meminfo). */
export function settleScript() {
  const lib = readFileSync(join(repo, 'bench-scripts', 'lib.sh'), 'utf8');
  return `${lib}\nvb_clock_init\nvb_settle 2>/dev/null\nprintf '%s %s %s\\n' "$VB_SETTLE_MS" "$VB_SETTLED" "\${VB_SETTLE_LEFT_KIB:--1}"\n`;
}

/** settleScript's output as { ms, settled, leftKiB }. */
export function parseSettle(text) {
  const [ms, ok, left] = text.trim().split(/\s+/).map(Number);
  return { ms, settled: ok === 1, leftKiB: left < 0 ? null : left };
}

/** Settles write-back on this machine (a container shares its kernel, so also for Docker): lib.sh's vb_settle through sh. */
export function settle() {
  return parseSettle(execFileSync('sh', ['-s'], { input: settleScript(), encoding: 'utf8', timeout: 120_000 }));
}

/**
 * A by-hand program run on this machine as the app's scripts are: in a session of its own (the app starts each script with
 * setsid, util/process-group.ts). Linux's autogroup scheduler shares the CPU between sessions, not between processes: in the
 * session of whatever else the caller runs (a test suite, a build) the by-hand side alone would get that session's share.
 * Returns [file, args] for execFileSync; unchanged where there is no setsid (not Linux).
 */
export function ownSession(file, args) {
  return HAS_SETSID ? ['setsid', ['--wait', file, ...args]] : [file, args];
}
const HAS_SETSID = process.platform === 'linux' && spawnSync('setsid', ['--version'], { stdio: 'ignore' }).status === 0;

/** How abab orders the runs, for the header lines of perf.mjs, perf-docker.mjs and perf-libvirt.mjs. */
export const ORDER_TEXT = 'alternating app and by-hand runs, the app first in odd pairs and by hand first in even ones';

/**
 * The folder of one by-hand run under `parent` (a path in whatever place: this machine, a container, a guest):
 * a new one each time, as the app's script makes one (.vmbench-PID-RANDOM), so that both sides use a new file
 * in a new folder of the place.
 */
export const byHandFolder = (parent) => `${parent}/.vmbench-perf-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Pairs of app and by-hand runs per place: an even count, so that each side goes first equally often. */
export const DEFAULT_PAIRS = 4;

const fmt = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : 'n/a');
const settleText = (s) =>
  `settled ${(s.ms / 1000).toFixed(1)} s${s.settled ? '' : ` (NOT settled, ${s.leftKiB === null ? '?' : (s.leftKiB / 1024).toFixed(1)} MiB left)`}`;

/** The goal: the ratio app / by hand within GOAL_TOLERANCE of 1, with a 95% interval that includes 1. */
export const GOAL_TOLERANCE = 0.05;
/** The goal in words, for the header lines of perf.mjs, perf-docker.mjs and perf-libvirt.mjs and the verdicts. */
export const GOAL_TEXT = `interval includes 1, ratio within ${(1 - GOAL_TOLERANCE).toFixed(2)}–${(1 + GOAL_TOLERANCE).toFixed(2)}`;

/** The standard deviation of the logs of the pairs' ratios (≈ their relative spread); null under two pairs. */
export function pairSpread(ratios) {
  const l = ratios.filter((r) => Number.isFinite(r) && r > 0).map(Math.log);
  if (l.length < 2) return null;
  const mean = l.reduce((s, x) => s + x, 0) / l.length;
  return Math.sqrt(l.reduce((s, x) => s + (x - mean) ** 2, 0) / (l.length - 1));
}

/** About how many pairs pin the ratio to ±GOAL_TOLERANCE (95%) when the pairs' ratios spread this much (an even count). */
export function pairsForGoal(spread) {
  const n = Math.ceil(((1.96 * spread) / Math.log(1 + GOAL_TOLERANCE)) ** 2);
  return Math.max(2, n + (n % 2));
}

/**
 * The verdict on a place's estimate: it meets the goal; or it misses because the interval excludes 1 (the two
 * sides differ); or it misses undecided: the interval includes 1, so the trials show no difference, but the ratio
 * lies outside the tolerance, and at the pairs' spread the pairs were too few to pin it (then how many would).
 */
export function goalText(e, spread) {
  if (!e) return 'n/a';
  const within = e.ratio >= 1 - GOAL_TOLERANCE && e.ratio <= 1 + GOAL_TOLERANCE;
  if (e.lo <= 1 && e.hi >= 1 && within) return 'meets the goal';
  const goal = `(${GOAL_TEXT})`;
  if (e.lo > 1 || e.hi < 1) return `misses the goal ${goal}: the interval excludes 1: by these trials, app and by hand differ`;
  const more = spread === null ? '' : `; at this spread about ${pairsForGoal(spread)} pairs would pin the ratio to ±${GOAL_TOLERANCE * 100}%`;
  return `misses the goal ${goal}, undecided: the interval includes 1, so the trials show no difference, but they are too noisy to put the ratio within ±${GOAL_TOLERANCE * 100}%${more}`;
}

/**
 * Alternating pairs, in counterbalanced order: `pairs` times, an app run and a by-hand run in each place, the app
 * first in odd pairs and by hand first in even ones (AB, BA, AB, BA), so that whatever favours going first or
 * second (a warm cache, the clean-up of the run before) falls on both sides alike; an even count balances it
 * exactly. Each side runs after a settle. app(i) returns per place its per-trial values (one app run may measure
 * several places); with `appPerPlace`, app(i, place) measures one place right beside that place's by-hand run.
 * byHand(i, place) returns its per-trial values. Prints each pair and, per place, the overall ratio app / by
 * hand [95% interval], the spread of the pairs' ratios and the verdict (goalText); returns { [place]: { app,
 * byHand, pairRatios, pairTrials, estimate } } (pairTrials: each pair's { pair, app, byHand, ratio } with a ratio, for perf's ledger). `settleIn` settles where the dirty pages matter (default this machine:
 * settle(); a guest passes its own). `format` prints one trial's value (default: a whole number, as IOPS and MB/s read).
 */
export async function abab({ places, pairs = DEFAULT_PAIRS, app, byHand, settleIn = settle, say, appPerPlace = false, format = fmt }) {
  const { welchLogRatio, formatInterval } = await compareStats();
  const all = Object.fromEntries(places.map((p) => [p, { app: [], byHand: [], pairRatios: [], pairTrials: [] }]));
  const ratioText = (e) => (e ? `${formatInterval(e.ratio, [e.lo, e.hi], 'en')} (${e.ratio.toFixed(3)})` : 'n/a');
  const width = Math.max(...places.map((p) => p.length));
  const settled = async (measure) => {
    const s = await settleIn();
    return { s, values: await measure() };
  };
  const record = (i, place, appFirst, a, b) => {
    all[place].app.push(...a.values);
    all[place].byHand.push(...b.values);
    const appText = `app ${a.values.map(format).join(', ') || 'no result'} (${settleText(a.s)})`;
    const handText = `by hand ${b.values.map(format).join(', ') || 'n/a'} (${settleText(b.s)})`;
    const e = welchLogRatio(b.values, a.values);
    if (e) {
      all[place].pairRatios.push(e.ratio);
      all[place].pairTrials.push({ pair: i, app: a.values, byHand: b.values, ratio: e.ratio });
    }
    say(`${place.padEnd(width)} pair ${i}: ${appFirst ? `${appText}  |  ${handText}` : `${handText}  |  ${appText}`}  |  ratio ${ratioText(e)}`);
  };
  for (let i = 1; i <= pairs; i++) {
    const appFirst = i % 2 === 1;
    if (appPerPlace) {
      for (const place of places) {
        const runApp = () => settled(async () => (await app(i, place))[place] ?? []);
        const runHand = () => settled(() => byHand(i, place));
        const first = await (appFirst ? runApp() : runHand());
        const second = await (appFirst ? runHand() : runApp());
        record(i, place, appFirst, appFirst ? first : second, appFirst ? second : first);
      }
      continue;
    }
    const runApp = () => settled(() => app(i));
    const appRun = appFirst ? await runApp() : undefined;
    const hand = {};
    for (const place of places) hand[place] = await settled(() => byHand(i, place));
    const a = appRun ?? (await runApp());
    for (const place of places) record(i, place, appFirst, { s: a.s, values: a.values[place] ?? [] }, hand[place]);
  }
  for (const place of places) {
    const e = welchLogRatio(all[place].byHand, all[place].app);
    all[place].estimate = e;
    const spread = pairSpread(all[place].pairRatios);
    const spreadText = spread === null ? '' : `, the pairs' ratios spread ±${(spread * 100).toFixed(1)}%`;
    say(
      `${place.padEnd(width)} all ${pairs} pairs: app / by hand ${ratioText(e)} over ${all[place].app.length} + ${all[place].byHand.length} trials${spreadText}: ${goalText(e, spread)}`,
    );
  }
  return all;
}
