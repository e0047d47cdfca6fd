import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
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
 * Each mutant's tests run in a new worker (vitest ends a run's worker when the run ends), which imports the test
 * files again: most of a mutant's time. Without isolation the files of one run share that worker and its imports
 * (a mutant is switched on at run time, Stryker's mutant schemata, so a module need not be loaded afresh per file).
 * A file that replaces modules (vi.mock) keeps its own worker (the "mocks" project below), so a mock stays in its file.
 */
const mocks = (f: string): boolean => /\bvi\.(?:mock|doMock)\(/.test(readFileSync(join(ROOT, f), 'utf8'));

/**
 * The files run in the order of the group's list, its focused (and quickest) files first: Stryker stops a mutant's run
 * at its first failing test (bail), so a mutant the module's own tests kill does not wait for the slower ones
 * (vitest's own order runs the longest first).
 */
class ListOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const at = (f: TestSpecification): number => include.indexOf(relative(ROOT, f.moduleId).split('\\').join('/'));
    return [...files].sort((a, b) => at(a) - at(b));
  }
}

const common = { setupFiles: ['tests/helpers/catalogue-files-setup.ts'], environment: 'node', env: { TZ: 'UTC' }, testTimeout: 60_000 };
const mocking = include.filter(mocks);
const shared = include.filter((f) => !mocking.includes(f));

export default defineConfig({
  test: {
    sequence: { sequencer: ListOrderSequencer },
    projects: [
      { test: { ...common, name: 'shared', include: shared, isolate: false } },
      ...(mocking.length ? [{ test: { ...common, name: 'mocks', include: mocking, isolate: true } }] : []),
    ],
  },
});
