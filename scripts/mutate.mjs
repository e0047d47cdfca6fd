// `npm run mutate [-- group... --incremental]`: one StrykerJS run per group of stryker.config.mjs (a module and the
// test files that guard it), one after the other, so that each module's mutants run against its own tests only; then
// one table of every mutated file's score and each group's time. Each group's report (mutation.html, mutation.json)
// is in test-results/mutation/<group>/. `--incremental` keeps the result of each mutant whose code and tests did not
// change since the last run (Stryker's incremental mode; the file is beside the report).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { GROUPS } from '../stryker.config.mjs';

/** A file's counts from a Stryker JSON report (mutation-testing-report-schema) and its score. */
export function fileScores(report) {
  return Object.entries(report.files).map(([file, { mutants }]) => {
    const n = (status) => mutants.filter((m) => m.status === status).length;
    const killed = n('Killed') + n('Timeout');
    const survived = n('Survived');
    const noCoverage = n('NoCoverage');
    const ignored = n('Ignored');
    const detectedOrNot = killed + survived + noCoverage;
    return { file, killed, survived, noCoverage, ignored, score: detectedOrNot ? (100 * killed) / detectedOrNot : 100 };
  });
}

function main() {
  const args = process.argv.slice(2);
  const incremental = args.includes('--incremental');
  const names = args.filter((a) => !a.startsWith('--'));
  for (const n of names) if (!(n in GROUPS)) throw new Error(`no mutation group ${n} (groups: ${Object.keys(GROUPS).join(', ')})`);
  const rows = [];
  const times = [];
  let failed = false;
  for (const name of names.length ? names : Object.keys(GROUPS)) {
    const start = Date.now();
    console.log(`\n== mutate ${name}: ${GROUPS[name].mutate.join(', ')}`);
    const run = spawnSync('npx', ['stryker', 'run', ...(incremental ? ['--incremental'] : [])], {
      stdio: 'inherit',
      env: { ...process.env, VMBENCH_MUTATE_GROUP: name },
    });
    const minutes = (Date.now() - start) / 60_000;
    times.push({ name, minutes });
    const report = `test-results/mutation/${name}/mutation.json`;
    if (run.status !== 0 || !existsSync(report)) {
      failed = true;
      console.log(`== ${name}: Stryker failed (exit ${run.status})`);
      continue;
    }
    rows.push(...fileScores(JSON.parse(readFileSync(report, 'utf8'))).map((r) => ({ ...r, group: name })));
  }
  console.log('\nMutation score per file (killed + timeout of killed + survived + no coverage):');
  const width = Math.max(...rows.map((r) => r.file.length), 4);
  console.log(`${'file'.padEnd(width)}  score  killed  survived  no-cov  ignored`);
  for (const r of rows) {
    const cells = [
      r.score.toFixed(1).padStart(5),
      String(r.killed).padStart(6),
      String(r.survived).padStart(8),
      String(r.noCoverage).padStart(6),
      String(r.ignored).padStart(7),
    ];
    console.log(`${r.file.padEnd(width)}  ${cells.join('  ')}${r.score < 90 ? '  < 90' : ''}`);
  }
  console.log('\nTime per group:');
  for (const t of times) console.log(`  ${t.name.padEnd(16)} ${t.minutes.toFixed(1)} min`);
  console.log(`  ${'total'.padEnd(16)} ${times.reduce((s, t) => s + t.minutes, 0).toFixed(1)} min`);
  if (failed) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
