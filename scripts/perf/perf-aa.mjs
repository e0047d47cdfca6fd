// `npm run perf:aa`: the A/A benchmark of adaptive trials — a figure, not a test. N pairs (default 5) of two
// consecutive quick runs of This machine with the built CLI, each pair compared with
// `vmbench compare --json`; per pair it prints the summary line and the flagged (voting, better or
// worse) metrics with their ratio [interval] (electron/presentation/format.ts formatInterval, bundled by
// perf-abab.mjs), then "0 flagged in K of N pairs (goal: ≥ 4 of 5)". Two runs of the same setup
// differ only by noise, so every flag is a false call of the family-wise verdict.
// The runs go to a temporary VMBENCH_HOME inside the checkout (the test folder on this disk, as in
// perf.mjs), removed at the end: the user's history is untouched.
// Usage: `npm run perf:aa [-- --pairs N]` (a pair is two quick runs, about 2 min each).
// `npm run perf:aa -- --overlap [--pairs N] [--control]` (root, Linux): the A/A of set-up ahead of time instead
// (scripts/perf/perf-aa-overlap.mjs); --control makes every other pair two runs without it.
// `--keep DIR` (either kind) copies every run's `--json` record into DIR (pair-N-A.json, pair-N-B.json …): recorded
// trials of two runs of the same setup, which tests of Compare's rule replay (tests/fixtures/aa-runs/).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compareStats } from './perf-abab.mjs';
import { overlapAa } from './perf-aa-overlap.mjs';

const root = join(import.meta.dirname, '../..');
const { values: cli } = parseArgs({
  options: { pairs: { type: 'string' }, overlap: { type: 'boolean' }, control: { type: 'boolean' }, keep: { type: 'string' } },
});
const pairs = Number(cli.pairs ?? 5);
if (!Number.isInteger(pairs) || pairs < 1) {
  process.stderr.write('perf-aa: --pairs takes a whole number of at least 1\n');
  process.exit(2);
}
if (cli.overlap) {
  await overlapAa({ pairs, control: cli.control, keep: cli.keep, say: (s) => process.stdout.write(s + '\n') }).catch((err) => {
    process.stderr.write(`perf-aa --overlap: ${err.message}\n`);
    process.exitCode = 1;
  });
  process.exit();
}
const bin = join(root, 'bin', 'vmbench.js');
const home = mkdtempSync(join(root, '.vmbench-tmp-perf-aa-'));
const env = { ...process.env, VMBENCH_HOME: home };
const say = (s) => process.stdout.write(s + '\n');

/** Runs the built CLI with an argument array; returns its stdout, or throws with its stderr's tail. */
function vmbench(args) {
  const r = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 1_800_000 });
  if (r.status !== 0) throw new Error(`vmbench ${args.join(' ')} exited with ${r.status ?? r.signal}:\n${(r.stderr ?? '').slice(-2000)}`);
  return r.stdout;
}

/** One quick run of This machine written to `file` (`vmbench run --json`); returns its id. */
function quickRun(file) {
  vmbench(['run', '--target', 'local', '--suite', 'quick', '--json', file]);
  return JSON.parse(readFileSync(file, 'utf8')).id;
}

try {
  const { formatInterval } = await compareStats();
  say(
    `vmbench perf:aa — ${new Date().toISOString()} — ${pairs} pair(s) of two consecutive quick runs of This machine; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  let clean = 0;
  for (let i = 1; i <= pairs; i++) {
    const ids = [];
    for (const side of ['a', 'b']) {
      const t0 = Date.now();
      const file = join(home, `pair-${i}-${side}.json`);
      const id = quickRun(file);
      if (cli.keep) {
        mkdirSync(cli.keep, { recursive: true });
        copyFileSync(file, join(cli.keep, `pair-${i}-${side.toUpperCase()}.json`));
      }
      ids.push(id);
      say(`   pair ${i} run ${side.toUpperCase()}: ${id} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    const cmp = JSON.parse(vmbench(['compare', ids[0], ids[1], '--json']));
    const flagged = cmp.rows.filter((r) => r.primary && (r.verdict === 'better' || r.verdict === 'worse'));
    if (flagged.length === 0) clean++;
    say(`pair ${i}: ${cmp.summary.line} (${cmp.method.family} voting, each at ${((1 - cmp.method.perTestAlpha) * 100).toFixed(2)}%)`);
    say(
      flagged.length
        ? flagged.map((r) => `   flagged: ${r.target} · ${r.place} · ${r.test} ${r.metric} ${r.verdict} ${formatInterval(r.ratio, r.ci, 'en')}`).join('\n')
        : '   flagged: none',
    );
  }
  say(`0 flagged in ${clean} of ${pairs} pairs (goal: ≥ 4 of 5)`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
