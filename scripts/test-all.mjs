// The test lanes (README "Tests"). `npm test` = `node scripts/test-all.mjs fast`: typecheck, then
// vitest's unit, integration and e2e projects. `npm run test:live` = `node scripts/test-all.mjs live`:
// the live project (root, Linux). dist/ is built once for both (scripts/ensure-built.mjs: not again
// when `npm ci` has just built it). Each lane writes vitest's JSON report to test-results/<lane>.json,
// prints its 20 slowest files and ends with a plain "tests (<lane>): N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

if (lane === 'fast' && step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) done(0, 1, ' (typecheck)');
process.stdout.write('\n=== build (only when the sources changed since the last one)\n');
try {
  ensureBuilt();
} catch (err) {
  process.stdout.write(`${err.message}\n`);
  done(0, 1, ' (build)');
}
mkdirSync('test-results', { recursive: true });
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
done(passed, failed);
