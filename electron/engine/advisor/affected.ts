import type { RuntimeInfo, TestId } from '../../contract/contract.js';
import { SCRIPT_TESTS } from '../../measurement/plan-estimate.js';
import { TEST_CATALOGUE } from '../../contract/test-catalogue.js';
import { RULES } from './index.js';

/**
 * The tests whose numbers a setting moves, as its rules say (Rule.affects; the default disk tests when they
 * do not): what to re-run to verify a change. A test that runs only when named (optIn) is not re-run unasked.
 */
export function affectedTests(setting: string): TestId[] {
  const tests = new Set(RULES.filter((r) => r.setting === setting).flatMap((r) => r.affects ?? SCRIPT_TESTS));
  return tests.size === 0 ? [...SCRIPT_TESTS] : TEST_CATALOGUE.map((e) => e.id).filter((id) => tests.has(id));
}

/** What to re-run after applying a finding: this machine (the baseline) and the runtime's first target. */
export function rerunFor(rt: RuntimeInfo, setting: string): { targets: string[]; tests: TestId[] } {
  const target = rt.targets[0]?.id;
  return { targets: ['local', ...(target && target !== 'local' ? [target] : [])], tests: affectedTests(setting) };
}
