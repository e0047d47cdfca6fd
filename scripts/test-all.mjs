// `npm test`: the whole suite — typecheck, build, then vitest's unit, integration (real fio, dockerd,
// libvirt, vagrant) and e2e (Chromium against `vmbench web`) projects. Set-up of system packages
// happens in the projects' global setups. Ends with a plain "tests: N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const step = (title, cmd, args) => {
  process.stdout.write(`\n=== ${title}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  return r.status ?? 1;
};

if (step('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) !== 0) {
  process.stdout.write('tests: 0 passed, 1 failed (typecheck)\n');
  process.exit(1);
}
if (step('build', 'npm', ['run', 'build']) !== 0) {
  process.stdout.write('tests: 0 passed, 1 failed (build)\n');
  process.exit(1);
}
mkdirSync('test-results', { recursive: true });
const report = join('test-results', 'vitest.json');
const projects = process.argv.slice(2).flatMap((p) => ['--project', p]);
const status = step('vitest', 'npx', ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
let passed = 0;
let failed = status === 0 ? 0 : 1;
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed = r.numPassedTests ?? 0;
  failed = (r.numFailedTests ?? 0) + (status !== 0 && !r.numFailedTests ? 1 : 0);
  if ((r.numPendingTests ?? 0) + (r.numTodoTests ?? 0) > 0) process.stdout.write(`note: ${r.numPendingTests + r.numTodoTests} tests skipped\n`);
}
process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
process.exit(status === 0 && passed > 0 ? 0 : 1);
