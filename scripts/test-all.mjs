// The test lanes (README "Tests"). `npm test` = `node scripts/test-all.mjs fast`: typecheck beside
// vitest's unit, integration and e2e projects (tsc wants a core for a minute or more, and much of the
// tests' time is waiting on fio and the browser; its output goes to test-results/typecheck.log and is
// printed at the end). `npm run test:live` = `node scripts/test-all.mjs live`:
// the live project (root, Linux). dist/ is built once for both (scripts/ensure-built.mjs: not again
// when `npm ci` has just built it). Each lane writes vitest's JSON report to test-results/<lane>.json,
// prints its 20 slowest files and ends with a plain "tests (<lane>): N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt } from './ensure-built.mjs';
import { printSlowest } from './slowest-tests.mjs';

const LANES = { fast: ['unit', 'integration', 'e2e'], live: ['live'] };
const lane = process.argv[2] ?? 'fast';
if (!LANES[lane]) {
  process.stderr.write(`usage: node scripts/test-all.mjs [${Object.keys(LANES).join('|')}] [vitest args...]\n`);
  process.exit(2);
}

const step = (title, cmd, args) => {
  process.stdout.write(`\n=== ${title}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status ?? 1;
};
const done = (passed, failed, why = '') => {
  process.stdout.write(`tests (${lane}): ${passed} passed, ${failed} failed${why}\n`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
};

mkdirSync('test-results', { recursive: true });
const typecheckLog = join('test-results', 'typecheck.log');
/** The fast lane's typecheck, started now and awaited at the end: its exit status. */
const typecheck = lane === 'fast' ? startTypecheck() : Promise.resolve(0);
function startTypecheck() {
  process.stdout.write(`\n=== typecheck (beside the tests, output in ${typecheckLog}): npx tsc -p tsconfig.json --noEmit\n`);
  const fd = openSync(typecheckLog, 'w');
  const child = spawn('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], { stdio: ['ignore', fd, fd], env: process.env });
  closeSync(fd);
  return once(child, 'close').then(([code]) => code ?? 1, () => 1);
}
/** Waits for the typecheck, prints its verdict (and its output when it failed), and counts a failure. */
async function typecheckFailures() {
  const status = await typecheck;
  if (lane !== 'fast') return 0;
  process.stdout.write(`\n=== typecheck: ${status === 0 ? 'passed' : 'FAILED'}\n`);
  if (status !== 0) process.stdout.write(readFileSync(typecheckLog, 'utf8'));
  return status === 0 ? 0 : 1;
}
process.stdout.write('\n=== build (only when the sources changed since the last one)\n');
try {
  ensureBuilt();
} catch (err) {
  process.stdout.write(`${err.message}\n`);
  done(0, 1 + (await typecheckFailures()), ' (build)');
}
const report = join('test-results', `${lane}.json`);
rmSync(report, { force: true });
const projects = LANES[lane].flatMap((p) => ['--project', p]);
const status = step('vitest', 'npx', ['vitest', 'run', ...projects, ...process.argv.slice(3), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
let passed = 0;
let failed = status === 0 ? 0 : 1;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = (r.numFailedTests ?? 0) + (status !== 0 && !r.numFailedTests ? 1 : 0);
  if ((r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) > 0) process.stdout.write(`note: ${r.numPendingTests + r.numTodoTests} tests skipped\n`);
  printSlowest([report], 20);
}
const typeErrors = await typecheckFailures();
done(passed, failed + typeErrors, typeErrors ? ' (typecheck)' : '');
