// The test lanes (README "Tests"). `npm test` = `node scripts/test-all.mjs fast`: the checks (typecheck,
// then ESLint, then the Prettier check, one after the other) beside vitest's unit, integration and e2e
// projects (each check wants a core for half a minute or more, and much of the tests' time is waiting on
// fio and the browser); each check's output goes to test-results/<check>.log, and the checks' verdicts (with
// the output of a failed one) are printed at the end. A failed check fails the lane and counts as one failure.
// A file filter given to the lane narrows the tests only: the checks always cover the whole repository. `npm run test:live` = `node scripts/test-all.mjs live`: the live lane (root, Linux)
// as two streams, one vitest process each: live-vm (libvirt, QEMU guests, Vagrant) and live-host (private
// dockerds, native fio, Chromium), each one file at a time (tests/live/vm-order.ts says which file is in
// which). The streams run at the same time (one vitest runs every one-file-at-a-time project as a single
// queue, hence two processes; docs/architecture.md "The live lane" says why that is safe);
// VMBENCH_LIVE_SEQUENTIAL=1 runs them one after the other. dist/ is built once for both lanes
// (scripts/build/ensure-built.mjs: not again when `npm ci` has just built it). Each stream writes vitest's JSON
// report to test-results/<stream>.json and each file's whole time (hooks included) beside it
// (scripts/file-times-reporter.ts); the lane prints its 20 slowest files and ends with a plain
// "tests (<lane>): N passed, N failed" line.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBuilt } from './build/ensure-built.mjs';
import { printFailures, printSlowest } from './slowest-tests.mjs';

/** Each lane's streams: report name -> vitest projects. */
const LANES = { fast: { fast: ['unit', 'integration', 'e2e'] }, live: { 'live-vm': ['live-vm'], 'live-host': ['live-host'] } };
const lane = process.argv[2] ?? 'fast';
if (!LANES[lane]) {
  process.stderr.write(`usage: node scripts/test-all.mjs [${Object.keys(LANES).join('|')}] [vitest args...]\n`);
  process.exit(2);
}

const done = (passed, failed, why = '') => {
  process.stdout.write(`tests (${lane}): ${passed} passed, ${failed} failed${why}\n`);
  process.exit(failed === 0 && passed > 0 ? 0 : 1);
};
const fmt = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s`;

/** Runs one stream's vitest; streams that run at the same time have their output lines prefixed with their name. Resolves to { status, ms }. */
function stream(name, projects, prefixed, several) {
  const report = join('test-results', `${name}.json`);
  rmSync(report, { force: true });
  rmSync(join('test-results', `${name}.files.json`), { force: true });
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...process.argv.slice(3),
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/file-times-reporter.ts',
    `--outputFile.json=${report}`,
  ];
  // A file filter given to the lane may match only one stream's files: the other one then has none.
  if (several) args.push('--passWithNoTests');
  process.stdout.write(`\n=== vitest${prefixed ? ` (${name})` : ''}: npx ${args.join(' ')}\n`);
  const started = Date.now();
  const child = spawn('npx', args, { stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
  if (prefixed) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (b) => {
        const lines = (rest + b.toString()).split('\n');
        rest = lines.pop();
        for (const l of lines) to.write(`[${name}] ${l}\n`);
      });
      from.on('end', () => rest && to.write(`[${name}] ${rest}\n`));
    }
  }
  return new Promise((resolve) => child.on('close', (code) => resolve({ name, report, status: code ?? 1, ms: Date.now() - started })));
}

mkdirSync('test-results', { recursive: true });
/** The fast lane's checks, in the order they run: a name, the npx command, the log under test-results/, a hint when it fails. */
const CHECKS = [
  { name: 'typecheck', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'], log: 'typecheck.log' },
  { name: 'lint', args: ['eslint', '.'], log: 'lint.log', hint: 'npm run lint' },
  { name: 'format check', args: ['prettier', '--check', '.'], log: 'format.log', hint: '`npm run format` rewrites the files it lists' },
];
/** The checks, started now (one after the other, beside the tests) and awaited at the end: each one's exit status. */
const checks = lane === 'fast' ? runChecks() : Promise.resolve([]);
async function runChecks() {
  process.stdout.write(`\n=== checks beside the tests, one after the other (output in test-results/): ${CHECKS.map((c) => c.name).join(', ')}\n`);
  const statuses = [];
  for (const c of CHECKS) {
    const fd = openSync(join('test-results', c.log), 'w');
    const child = spawn('npx', c.args, { stdio: ['ignore', fd, fd], env: process.env });
    closeSync(fd);
    const [code] = await once(child, 'close').catch(() => [1]);
    statuses.push({ ...c, status: code ?? 1 });
  }
  return statuses;
}
/** Waits for the checks, prints each one's verdict (and its output when it failed): the names of the failed ones. */
async function checkFailures() {
  const failed = [];
  for (const c of await checks) {
    const log = join('test-results', c.log);
    process.stdout.write(`\n=== ${c.name}: ${c.status === 0 ? 'passed' : 'FAILED'} (npx ${c.args.join(' ')}, output in ${log})\n`);
    if (c.status === 0) continue;
    process.stdout.write(readFileSync(log, 'utf8'));
    if (c.hint) process.stdout.write(`(${c.name} alone: ${c.hint})\n`);
    failed.push(c.name);
  }
  return failed;
}
process.stdout.write('\n=== build (only when the sources changed since the last one)\n');
try {
  ensureBuilt();
} catch (err) {
  process.stdout.write(`${err.message}\n`);
  const failedChecks = await checkFailures();
  done(0, 1 + failedChecks.length, ` (build${failedChecks.map((c) => `, ${c}`).join('')})`);
}
const streams = Object.entries(LANES[lane]);
const started = Date.now();
const parallel = streams.length > 1 && process.env.VMBENCH_LIVE_SEQUENTIAL !== '1';
const results = [];
if (parallel) results.push(...(await Promise.all(streams.map(([name, projects]) => stream(name, projects, true, true)))));
else for (const [name, projects] of streams) results.push(await stream(name, projects, false, streams.length > 1));
let passed = 0;
let failed = 0;
for (const r of results) {
  let streamFailed = r.status === 0 ? 0 : 1;
  if (existsSync(r.report)) {
    const j = JSON.parse(readFileSync(r.report, 'utf8'));
    passed += j.numPassedTests ?? 0;
    streamFailed = (j.numFailedTests ?? 0) + (r.status !== 0 && !j.numFailedTests ? 1 : 0);
    if ((j.numPendingTests ?? 0) + (j.numTodoTests ?? 0) > 0) process.stdout.write(`note (${r.name}): ${j.numPendingTests + j.numTodoTests} tests skipped\n`);
  }
  failed += streamFailed;
}
if (streams.length > 1) {
  process.stdout.write(
    `\n${lane} lane: ${fmt(Date.now() - started)} in all; ${results.map((r) => `${r.name} ${fmt(r.ms)}${r.status === 0 ? '' : ' (FAILED)'}`).join(', ')}\n`,
  );
}
printSlowest(
  results.map((r) => r.report),
  20,
);
printFailures(results.map((r) => r.report));
const failedChecks = await checkFailures();
done(passed, failed + failedChecks.length, failedChecks.length ? ` (${failedChecks.join(', ')})` : '');
