// Mutation testing (`npm run mutate`, scripts/mutate.mjs): StrykerJS changes one thing at a time in the modules where a
// silent bug misleads or harms a user, and runs the tests that guard each module against each change; a change no test
// notices (a surviving mutant) is a bug the suite would let through. The report (score per file, each survivor) goes to
// test-results/mutation/<group>/; docs/testing.md says how to read it and why the survivors left are harmless.
import process from 'node:process';

/**
 * The mutated modules, each group with the unit test files that guard it (named after it where possible). Each group is
 * one Stryker run whose mutants run against its own tests only (scripts/mutate.mjs sets VMBENCH_MUTATE_GROUP, which this
 * file and vitest.mutate.config.ts read): a module used by many UI tests (the formatter) is not tested through them all.
 * A mutant's test files run in the order listed (vitest.mutate.config.ts) and stop at the first failing test: the
 * module's own, quick tests first, the ones that go through the engine or import much (over half a second a run) last.
 */
export const GROUPS = {
  // Verdict statistics and the family rule.
  'verdict-stats': {
    mutate: ['electron/measurement/verdict-stats.ts'],
    // Not verdict-family.test.ts: its A/A property test (14 s) reaches every line here, and a mutant that breaks it shrinks
    // for minutes. Not verdicts, verdict-interval-width, adaptive-trials or cross-machine-compare.test.ts: they reach most
    // of the module but killed no mutant these two do not (measured 2026-11-29).
    tests: ['tests/unit/verdict-stats.test.ts', 'tests/unit/run-drift.test.ts'],
  },
  'verdict-family': {
    mutate: ['electron/measurement/verdict-family.ts'],
    // Not test-catalogue.test.ts (a second a run): it killed no mutant these two do not (measured 2026-11-29).
    tests: ['tests/unit/verdict-interval-width.test.ts', 'tests/unit/verdict-family.test.ts'],
  },
  // Redaction.
  redact: {
    mutate: ['electron/engine/report/redact.ts'],
    tests: [
      'tests/unit/redact.test.ts',
      'tests/unit/redact-credentials.test.ts',
      'tests/unit/redact-host-paths.test.ts',
      'tests/unit/redact-every-field.test.ts',
      'tests/unit/hardening-store-redact.test.ts',
      // Not command-redact.test.ts: it killed no mutant the others do not (measured 2026-11-29).
    ],
  },
  // The atomic writer and the run store.
  'atomic-write': {
    mutate: ['electron/engine/util/atomic-write.ts'],
    tests: [
      'tests/unit/atomic-write.test.ts',
      'tests/unit/atomic-write-order.test.ts',
      'tests/unit/atomic-write-stale-temps.test.ts',
      'tests/unit/config-edits-hardening.test.ts',
    ],
  },
  // Import checks.
  'import-check': {
    mutate: ['electron/engine/store/import-check.ts'],
    // Not import-runs or exports.test.ts: import-check.test.ts alone killed every mutant (measured 2026-11-29).
    tests: ['tests/unit/import-check.test.ts'],
  },
  // fio and NDJSON parsing.
  ndjson: {
    mutate: ['electron/engine/transports/ndjson.ts'],
    // Not settle.test.ts: ndjson.test.ts alone killed every mutant (measured 2026-11-29).
    tests: ['tests/unit/ndjson.test.ts'],
  },
  fio: {
    mutate: ['electron/engine/bench/fio.ts'],
    tests: ['tests/unit/fio.test.ts'],
  },
  // The local server's access checks.
  server: {
    mutate: ['electron/web/server.ts'],
    tests: [
      'tests/unit/server.test.ts',
      'tests/unit/server-hardening.test.ts',
      // Not server-key-every-route.test.ts: it killed no mutant the others do not (measured 2026-11-29).
      'tests/unit/server-page.test.ts',
      'tests/unit/server-limits.test.ts',
      'tests/unit/server-socket.test.ts',
    ],
  },
  'run-store': {
    mutate: ['electron/engine/store/run-store.ts'],
    tests: [
      'tests/unit/run-store.test.ts',
      'tests/unit/run-store-history.test.ts',
      'tests/unit/hardening-store-redact.test.ts',
      'tests/unit/run-annotate.test.ts',
    ],
  },
  'import-runs': {
    mutate: ['electron/engine/store/import-runs.ts'],
    // Not exports.test.ts: it killed no mutant these two do not (measured 2026-11-29).
    tests: ['tests/unit/import-runs.test.ts', 'tests/unit/import-runs-files.test.ts'],
  },
  // The formatter.
  format: {
    mutate: ['electron/presentation/format.ts'],
    // Not format-one-source, report-format or format-faces.test.ts: they killed no mutant these two do not (measured 2026-11-29).
    tests: ['tests/unit/format.test.ts', 'tests/unit/format-edges.test.ts'],
  },
  // The plan book and the appliers, in three groups (together over 20 minutes at their first runs): the kit they share (backups, the diff,
  // the source check), the file appliers, and the command applier with the plan book and the dispatch.
  'apply-kit': {
    mutate: ['electron/engine/apply-kit/*.ts'],
    // Not apply-cli-edits, config-edits-hardening or apply-backup-path.test.ts (a second a run): apply-kit.test.ts alone
    // killed every mutant they reach (measured 2026-11-29).
    tests: ['tests/unit/apply-kit.test.ts'],
  },
  // Not apply-command, apply-cli-edits or vagrantfile-heredoc: they reach these modules but killed nothing the files below
  // do not (measured 2026-11-29: 6.4 min with them, 3.6 min without).
  'apply-file': {
    mutate: ['electron/engine/advisor/apply/file-apply.ts', 'electron/engine/advisor/apply/file-edit.ts', 'electron/engine/advisor/apply/vagrantfile-edit.ts'],
    tests: [
      'tests/unit/apply-file.test.ts',
      'tests/unit/apply-file-kinds.test.ts',
      'tests/unit/apply-file-edit.test.ts',
      'tests/unit/apply-file-edit-read.test.ts',
      'tests/unit/apply-file-edit-values.test.ts',
      'tests/unit/apply-file-edit-provider.test.ts',
      'tests/unit/apply-vagrantfile-edit.test.ts',
      'tests/unit/apply-vagrantfile-edit-forms.test.ts',
      'tests/unit/apply-vagrantfile-real-blocks.test.ts',
      'tests/unit/apply-command-file.test.ts',
      'tests/unit/config-edits-hardening.test.ts',
      'tests/unit/edits-keep-comments.test.ts',
    ],
  },
  'apply-command': {
    mutate: ['electron/engine/advisor/plan-book.ts', 'electron/engine/advisor/apply/command-apply.ts', 'electron/engine/advisor/apply/index.ts'],
    // Not apply-backup-path or apply-drift.test.ts (over a second a run each): they killed no mutant these three do not
    // (measured 2026-11-29).
    tests: ['tests/unit/apply-plan-book.test.ts', 'tests/unit/apply-command.test.ts', 'tests/unit/apply-command-file.test.ts'],
  },
};

/** Every mutated module (a glob gives each file in its folder). */
export const MUTATED = Object.values(GROUPS).flatMap((g) => g.mutate);

/** The group this run mutates (scripts/mutate.mjs sets it); without one, every module against every group's tests. */
const group = process.env.VMBENCH_MUTATE_GROUP ? GROUPS[process.env.VMBENCH_MUTATE_GROUP] : undefined;
if (process.env.VMBENCH_MUTATE_GROUP && !group) throw new Error(`no mutation group ${process.env.VMBENCH_MUTATE_GROUP}`);
const out = `test-results/mutation/${process.env.VMBENCH_MUTATE_GROUP ?? 'all'}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate: group ? group.mutate : MUTATED,
  coverageAnalysis: 'perTest',
  // A static mutant (module-level code, run once at import) needs every test file run again with fresh modules: hours here, so
  // they are left out and the report counts them as ignored; the module-level code is small (constants, tables).
  ignoreStatic: true,
  concurrency: 2,
  // A mutant that loops (a bisection that never ends) waits this long past its tests' own time (and the first run's
  // overhead) before it counts as detected. A mutant's tests take under 2 s on two cores at load average 10; each
  // time-out also restarts a test process, so a longer wait only slows the run (about 25 time-outs in all).
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${out}/mutation.html` },
  jsonReporter: { fileName: `${out}/mutation.json` },
  // With `npm run mutate -- --incremental`: the mutants whose code and tests did not change keep their last result.
  incrementalFile: `${out}/incremental.json`,
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  // The sandbox copy of the project leaves out what no test of a group reads: the build and earlier reports.
  ignorePatterns: ['/dist', '/release', '/test-results'],
  cleanTempDir: 'always',
};
