import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { GROUPS, MUTATED } from './stryker.config.mjs';

// The tests StrykerJS runs against each mutant (`npm run mutate`, scripts/mutate.mjs): in a group's run
// (VMBENCH_MUTATE_GROUP), the test files that guard that group's module (stryker.config.mjs GROUPS); without one,
// the unit tests that import a mutated module, which run in this process's modules (an integration test's CLI
// child runs dist/, which a mutant never reaches). Stryker then runs, for each mutant, only the tests that reached its code.
const ROOT = import.meta.dirname;

/** How a test imports each mutated module: its folder and name ("presentation/format.js'"; a glob's folder gives each of its files). */
function mutatedNames(): string[] {
  return MUTATED.flatMap((m) => {
    const dir = dirname(m);
    const files = m.endsWith('/*.ts') ? readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.ts')) : [basename(m)];
    return files.map((f) => `${basename(dir)}/${basename(f, '.ts')}.js'`);
  });
}

/** The unit test files that import one of the mutated modules. */
function relatedTests(): string[] {
  const names = mutatedNames();
  const dir = join(ROOT, 'tests', 'unit');
  return readdirSync(dir)
    .filter((f) => /\.test\.tsx?$/.test(f))
    .filter((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      return names.some((n) => text.includes(`/${n}`));
    })
    .map((f) => `tests/unit/${f}`);
}

/** The test files of the group this run mutates, if one is set. */
function groupTests(): string[] | undefined {
  const name = process.env.VMBENCH_MUTATE_GROUP;
  if (!name) return undefined;
  const group = (GROUPS as Record<string, { tests: string[] } | undefined>)[name];
  if (!group) throw new Error(`no mutation group ${name}`);
  return group.tests;
}

const include = groupTests() ?? relatedTests();
/**
 * Each mutant runs its tests again in the same worker, and a mutant is switched on at run time (Stryker's mutant
 * schemata), so the modules need not be loaded afresh for each run: without isolation a test file's imports are
 * evaluated once per worker instead of once per mutant, most of a mutant's time in a small group. A group whose
 * tests replace modules (vi.mock) keeps isolation, so a mock stays in its own file.
 */
const mocks = include.some((f) => /\bvi\.(?:mock|doMock)\(/.test(readFileSync(join(ROOT, f), 'utf8')));

export default defineConfig({
  test: {
    include,
    isolate: mocks,
    setupFiles: ['tests/helpers/catalogue-files-setup.ts'],
    environment: 'node',
    env: { TZ: 'UTC' },
    testTimeout: 60_000,
  },
});
