// Mutation testing (`npm run mutate`): StrykerJS changes one thing at a time in the modules where a silent bug
// misleads or harms a user, and runs their unit tests against each change; a change no test notices (a
// surviving mutant) is a bug the suite would let through. The report (score per file, each survivor) goes to
// test-results/mutation/; docs/testing.md says how to read it and why the survivors left are harmless.
/** The modules mutated: where a silent bug misleads or harms a user (vitest.mutate.config.ts runs the unit tests that import them). */
export const MUTATED = [
  // Verdict statistics and the family rule.
  'electron/measurement/verdict-stats.ts',
  'electron/measurement/verdict-family.ts',
  // The formatter.
  'electron/presentation/format.ts',
  // Redaction.
  'electron/engine/report/redact.ts',
  // The atomic writer and the run store.
  'electron/engine/util/atomic-write.ts',
  'electron/engine/store/run-store.ts',
  // Import checks.
  'electron/engine/store/import-check.ts',
  'electron/engine/store/import-runs.ts',
  // The plan book and the appliers.
  'electron/engine/advisor/plan-book.ts',
  'electron/engine/advisor/apply/*.ts',
  'electron/engine/apply-kit/*.ts',
  // The local server's access checks.
  'electron/web/server.ts',
  // fio and NDJSON parsing.
  'electron/engine/bench/fio.ts',
  'electron/engine/transports/ndjson.ts',
];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts', related: false },
  mutate: MUTATED,
  coverageAnalysis: 'perTest',
  // A static mutant (module-level code, run once at import) needs every test file run again with fresh modules: hours here, so
  // they are left out and the report counts them as ignored; the module-level code is small (constants, tables).
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'test-results/mutation/mutation.html' },
  jsonReporter: { fileName: 'test-results/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
