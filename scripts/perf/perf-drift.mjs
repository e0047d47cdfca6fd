// `node scripts/perf/perf-drift.mjs SOURCE...`: the run-to-run drift that recorded A/A pairs show, beside the catalogue's
// (TestSpec.drift, which Compare adds to both sides of two runs). A SOURCE is a folder of `npm run perf:aa -- --keep DIR`
// (pair-N-A.json and pair-N-B.json, or pair-N-with.json and pair-N-without.json) or a round file of tests/fixtures/aa-runs/.
// For each test, place and primary metric: the pairs, the drift they show (verdict-stats.ts runToRunDrift: robust to a
// rare wild pair), and whether the catalogue's is at least that. `--round OUT --source TEXT` also writes the folders' pairs
// as one round file (a fixture: { source, pairs: [{ kind, a, b }] }, the runs as recorded but for what Compare does not
// read and which names this machine's paths: each result's command, timing, each target's probe, the run's unstable list).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compareStats } from './perf-abab.mjs';

const { values: cli, positionals } = parseArgs({
  options: { round: { type: 'string' }, source: { type: 'string' } },
  allowPositionals: true,
});

/** The pairs of a --keep folder: { kind, a, b } in pair order (a: run A or the run without set-up ahead). */
function folderPairs(dir) {
  const byPair = new Map();
  for (const f of readdirSync(dir)) {
    const m = /^pair-(\d+)-(A|B|with|without)\.json$/.exec(f);
    if (!m) continue;
    const entry = byPair.get(Number(m[1])) ?? {};
    entry[m[2]] = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    byPair.set(Number(m[1]), entry);
  }
  return [...byPair.entries()]
    .sort(([x], [y]) => x - y)
    .filter(([, e]) => (e.A && e.B) || (e.with && e.without))
    .map(([, e]) => (e.A ? { kind: 'control', a: e.A, b: e.B } : { kind: 'test', a: e.without, b: e.with }));
}

/** Every source's pairs. */
export function readPairs(sources) {
  return sources.flatMap((s) => (statSync(s).isDirectory() ? folderPairs(s) : JSON.parse(readFileSync(s, 'utf8')).pairs));
}

/** Per test, place and primary metric: the trials of both runs of every pair that measured it in both. */
export function driftRows(pairs, testSpec) {
  const rows = new Map();
  const resultsOf = (run) => run.targets.flatMap((t) => t.results.map((r) => ({ key: `${t.runtime}\u0000${r.place}\u0000${r.test}`, r })));
  for (const p of pairs) {
    const b = new Map(resultsOf(p.b).map((x) => [x.key, x.r]));
    for (const { key, r } of resultsOf(p.a)) {
      const metric = testSpec(r.test)?.primary;
      const other = b.get(key);
      if (!metric || !other?.samples[metric] || !r.samples[metric]) continue;
      const row = rows.get(key) ?? { key, test: r.test, metric, pairs: [] };
      row.pairs.push({ a: r.samples[metric], b: other.samples[metric] });
      rows.set(key, row);
    }
  }
  return [...rows.values()];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { runToRunDrift, testSpec } = await compareStats();
  const pairs = readPairs(positionals);
  for (const row of driftRows(pairs, testSpec)) {
    const [runtime, place] = row.key.split('\u0000');
    const drift = runToRunDrift(row.pairs);
    const catalogue = testSpec(row.test).drift;
    process.stdout.write(
      `${runtime} · ${place} · ${row.test} ${row.metric}: ${row.pairs.length} pairs, drift ${drift === null ? 'not formed' : (drift * 100).toFixed(1) + '%'}; catalogue ${(catalogue * 100).toFixed(1)}%${drift !== null && drift > catalogue ? '  BELOW WHAT THE PAIRS SHOW' : ''}\n`,
    );
  }
  if (cli.round) {
    if (!cli.source) throw new Error('--round needs --source TEXT: where and how the pairs were recorded');
    const trim = (run) => {
      const { unstable: _u, ...rest } = run;
      return {
        ...rest,
        targets: run.targets.map(({ probe: _p, ...t }) => ({ ...t, results: t.results.map(({ command: _c, timing: _t, ...r }) => r) })),
      };
    };
    const round = pairs.map((p) => ({ kind: p.kind, a: trim(p.a), b: trim(p.b) }));
    writeFileSync(cli.round, JSON.stringify({ source: cli.source, pairs: round }) + '\n');
    process.stdout.write(`wrote ${pairs.length} pairs to ${cli.round}\n`);
  }
}
