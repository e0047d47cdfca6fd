// Measurement that order cannot bias (issue 30), shared by perf.mjs, perf-docker.mjs and perf-libvirt.mjs:
// app and by-hand runs alternate in the same place in counterbalanced pairs (app first, then by hand first, ...), each after the
// write-back settle the bench scripts use (lib.sh vb_settle: sync, then Dirty+Writeback <= 4 MiB, at
// most 30 s). Each pair is printed, then the ratio app / by hand with its 95% interval from the same
// statistics Compare uses (electron/shared/verdict-stats.ts welchLogRatio on every trial of both sides,
// formatted by electron/shared/format.ts formatInterval), bundled here with esbuild rather than rewritten.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const repo = join(import.meta.dirname, '..');
let stats;

/** Compare's statistics and its ratio text ({ welchLogRatio, formatInterval }), bundled from the TypeScript sources once. */
export async function compareStats() {
  if (stats) return stats;
  const { build } = await import('esbuild');
  // Inside the checkout, so that the bundle's external packages (i18next) resolve from its node_modules.
  const dir = mkdtempSync(join(repo, '.vmbench-tmp-perf-stats-'));
  try {
    const file = join(dir, 'stats.mjs');
    await build({
      stdin: { contents: "export { welchLogRatio } from './electron/shared/verdict-stats.ts';\nexport { formatInterval } from './electron/shared/format.ts';\n", resolveDir: repo, loader: 'ts' },
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
const settleText = (s) => `settled ${(s.ms / 1000).toFixed(1)} s${s.settled ? '' : ` (NOT settled, ${s.leftKiB === null ? '?' : (s.leftKiB / 1024).toFixed(1)} MiB left)`}`;

/**
 * Alternating pairs, in counterbalanced order: `pairs` times, an app run and a by-hand run in each place, the app
 * first in odd pairs and by hand first in even ones (AB, BA, AB, BA), so that whatever favours going first or
 * second (a warm cache, the clean-up of the run before) falls on both sides alike; an even count balances it
 * exactly. Each side runs after a settle. app(i) returns per place its per-trial values (one app run may measure
 * several places); with `appPerPlace`, app(i, place) measures one place right beside that place's by-hand run.
 * byHand(i, place) returns its per-trial values. Prints each pair and, per place, the overall ratio app / by
 * hand [95% interval]; returns { [place]: { app, byHand, estimate } }. `settleIn` settles where the dirty pages
 * matter (default this machine: settle(); a guest passes its own).
 */
export async function abab({ places, pairs = DEFAULT_PAIRS, app, byHand, settleIn = settle, say, appPerPlace = false }) {
  const { welchLogRatio, formatInterval } = await compareStats();
  const all = Object.fromEntries(places.map((p) => [p, { app: [], byHand: [] }]));
  const ratioText = (e) => (e ? `${formatInterval(e.ratio, [e.lo, e.hi], 'en')} (${e.ratio.toFixed(3)})` : 'n/a');
  const width = Math.max(...places.map((p) => p.length));
  const settled = async (measure) => {
    const s = await settleIn();
    return { s, values: await measure() };
  };
  const record = (i, place, appFirst, a, b) => {
    all[place].app.push(...a.values);
    all[place].byHand.push(...b.values);
    const appText = `app ${a.values.map(fmt).join(', ') || 'no result'} (${settleText(a.s)})`;
    const handText = `by hand ${b.values.map(fmt).join(', ') || 'n/a'} (${settleText(b.s)})`;
    say(`${place.padEnd(width)} pair ${i}: ${appFirst ? `${appText}  |  ${handText}` : `${handText}  |  ${appText}`}  |  ratio ${ratioText(welchLogRatio(b.values, a.values))}`);
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
    const verdict = e ? (e.lo <= 1 && e.hi >= 1 && e.ratio >= 0.95 && e.ratio <= 1.05 ? 'meets the goal' : 'misses the goal (interval must include 1, ratio within 0.95–1.05)') : 'n/a';
    say(`${place.padEnd(width)} all ${pairs} pairs: app / by hand ${ratioText(e)} over ${all[place].app.length} + ${all[place].byHand.length} trials: ${verdict}`);
  }
  return all;
}
