import type { RuntimeInfo, TestId } from '../../shared/contract.js';
import { SCRIPT_TESTS } from '../../shared/plan-estimate.js';
import { testSpec } from '../../shared/test-catalogue.js';

/** The tests that measure the virtual disk itself with fio (what its io mode, cache and bus move); a test that runs only when named (optIn) is not re-run unasked. */
const BLOCK_TESTS: TestId[] = SCRIPT_TESTS.filter((t) => testSpec(t)?.tool === 'fio');

/** The tests whose numbers a setting moves: what to re-run to verify a change. */
export function affectedTests(setting: string): TestId[] {
  if (/^(diskIo|diskCache|diskBus|iothreads)$/.test(setting)) return [...BLOCK_TESTS];
  if (/^nicModel$/.test(setting)) return ['net'];
  if (/^redis/i.test(setting)) return ['redis'];
  return [...SCRIPT_TESTS]; // vmType, mountType, synced folders, 9p options: everything that touches the disk or the share
}

/** What to re-run after applying a finding: this machine (the baseline) and the runtime's first target. */
export function rerunFor(rt: RuntimeInfo, setting: string): { targets: string[]; tests: TestId[] } {
  const target = rt.targets[0]?.id;
  return { targets: ['local', ...(target && target !== 'local' ? [target] : [])], tests: affectedTests(setting) };
}
