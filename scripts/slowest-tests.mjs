// Prints the slowest test files from vitest JSON reports (test-results/*.json), with their time and
// result. Used at the end of each lane (scripts/test-all.mjs) and by .ci/run over both lanes:
// `node scripts/slowest-tests.mjs [N] report.json...`. A file's time is its whole time, set-up included
// (its beforeAll/afterAll: a guest boot, a dockerd), from scripts/file-times-reporter.ts's <report>.files.json
// beside each report; a report without one (an older run) gives its tests' time only (vitest's JSON
// startTime..endTime), marked "tests only".
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The files of the reports, slowest first: { file, seconds, status, testsOnly }. */
export function slowestFiles(reports) {
  const files = [];
  for (const report of reports.filter((r) => existsSync(r))) {
    const whole = report.replace(/\.json$/, '') + '.files.json';
    if (existsSync(whole)) {
      for (const f of JSON.parse(readFileSync(whole, 'utf8')).files ?? []) files.push({ file: f.file, seconds: f.seconds, status: f.state, testsOnly: false });
      continue;
    }
    for (const t of JSON.parse(readFileSync(report, 'utf8')).testResults ?? []) {
      const seconds = Math.max(0, (t.endTime ?? 0) - (t.startTime ?? 0)) / 1000;
      files.push({ file: relative(process.cwd(), t.name), seconds, status: t.status, testsOnly: true });
    }
  }
  return files.sort((a, b) => b.seconds - a.seconds);
}

/** Prints the n slowest files and the sum of all files' times. */
export function printSlowest(reports, n = 20) {
  const files = slowestFiles(reports);
  const total = files.reduce((s, f) => s + f.seconds, 0);
  const fmt = (s) => (s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(1)}s`);
  process.stdout.write(`\nslowest ${Math.min(n, files.length)} of ${files.length} test files (all files together: ${fmt(total)}):\n`);
  const mark = (f) => (f.status === 'passed' ? '      ' : f.status === 'skipped' ? 'skip  ' : 'FAILED');
  for (const f of files.slice(0, n)) process.stdout.write(`  ${fmt(f.seconds).padStart(7)}  ${mark(f)}  ${f.file}${f.testsOnly ? '  (tests only)' : ''}\n`);
}

/** The tests that did not pass in the reports: { file, title, message } (message: the first lines of the first failure, without stack frames). */
export function failedTests(reports, lines = 12) {
  const failed = [];
  for (const report of reports.filter((r) => existsSync(r))) {
    for (const t of JSON.parse(readFileSync(report, 'utf8')).testResults ?? []) {
      const file = relative(process.cwd(), t.name);
      const tests = (t.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of tests) failed.push({ file, title: a.fullName ?? a.title, message: firstLines(a.failureMessages?.[0], lines) });
      // A file that failed outside its tests (an import error, a failing beforeAll): its own message.
      if (!tests.length && t.status === 'failed') failed.push({ file, title: '(the file itself)', message: firstLines(t.message, lines) });
    }
  }
  return failed;
}

function firstLines(text, n) {
  return (
    String(text ?? '')
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      // The stack's frames say where in vitest; the lines above them say what failed.
      .filter((l) => !/^\s+at /.test(l))
      .slice(0, n)
      .join('\n')
  );
}

/** Prints each failed test with the first lines of its failure, so that a CI log's tail says what failed and why. */
export function printFailures(reports) {
  const failed = failedTests(reports);
  if (!failed.length) return;
  process.stdout.write(`\n${failed.length} failed test${failed.length === 1 ? '' : 's'}:\n`);
  for (const f of failed) process.stdout.write(`\n  ${f.file} > ${f.title}\n${f.message.replace(/^/gm, '    ')}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const n = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 20;
  printSlowest(args, n);
  printFailures(args);
}
