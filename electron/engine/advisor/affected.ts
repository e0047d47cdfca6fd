import type { RuntimeInfo, TestId } from '../../contract.js';

const DISK: TestId[] = ['seq-write', 'seq-read', 'rand-read', 'small-files'];

/** The tests whose numbers a setting moves: what to re-run to verify a change. */
export function affectedTests(setting: string): TestId[] {
  if (/^(diskIo|diskCache|diskBus|iothreads)$/.test(setting)) return ['seq-write', 'seq-read', 'rand-read'];
  if (/^nicModel$/.test(setting)) return ['net'];
  if (/^redis/i.test(setting)) return ['redis'];
  return DISK; // vmType, mountType, synced folders, 9p options: everything that touches the disk or the share
}

/** What to re-run after applying a finding: this machine (the baseline) and the runtime's first target. */
export function rerunFor(rt: RuntimeInfo, setting: string): { targets: string[]; tests: TestId[] } {
  const target = rt.targets[0]?.id;
  return { targets: ['local', ...(target && target !== 'local' ? [target] : [])], tests: affectedTests(setting) };
}
