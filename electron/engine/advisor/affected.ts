import { DISK_TESTS, type RuntimeInfo, type TestId } from '../../shared/contract.js';
import { TEST_CATALOGUE } from '../../shared/test-catalogue.js';

/** The tests that measure the virtual disk itself with fio (what its io mode, cache and bus move). */
const BLOCK_TESTS: TestId[] = TEST_CATALOGUE.filter((e) => e.tool === 'fio').map((e) => e.id);

/** The tests whose numbers a setting moves: what to re-run to verify a change. */
export function affectedTests(setting: string): TestId[] {
  if (/^(diskIo|diskCache|diskBus|iothreads)$/.test(setting)) return [...BLOCK_TESTS];
  if (/^nicModel$/.test(setting)) return ['net'];
  if (/^redis/i.test(setting)) return ['redis'];
  return [...DISK_TESTS]; // vmType, mountType, synced folders, 9p options: everything that touches the disk or the share
}

/** What to re-run after applying a finding: this machine (the baseline) and the runtime's first target. */
export function rerunFor(rt: RuntimeInfo, setting: string): { targets: string[]; tests: TestId[] } {
  const target = rt.targets[0]?.id;
  return { targets: ['local', ...(target && target !== 'local' ? [target] : [])], tests: affectedTests(setting) };
}
