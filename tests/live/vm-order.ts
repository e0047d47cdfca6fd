// The live lane's two streams (vitest.config.ts, scripts/test-all.mjs): which files form the VM stream
// (live-vm) and in what order they run; every other live file is the host stream (live-host).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The VM stream: every file that boots a guest on the system libvirtd or defines domains on qemu:///system
 * (another file's detection there would see them), plus native files that need no runtime and detect
 * nothing, to balance the two streams' times (below). The users of the shared test guest
 * (scripts/shared-test-guest.mjs) run the files that only read before the one that restarts it (issue 23:
 * "Tests that restart or stop the guest run last"): the two without a 9p share next to each other (one
 * boot), advice-view last of them (its tuned setup stops it); then libvirt-services (the kind with the share:
 * the second boot) and libvirt-transport, which reuses it, restarts it after applying io_uring and stops it,
 * since the files after it detect every domain. Then the short libvirt files (start-stopped has a stopped guest
 * of its own, the others define domains that never boot). The native files come first: they run while the
 * host stream's first file, vagrant-live, boots its machine (a TCG boot wants a core; they mostly wait on the
 * disk). vagrant-live is in the host stream: its libvirtd, domain and VAGRANT_HOME are its own, in a namespace
 * (scripts/vagrant-netns.sh), so no other file sees them. tests/live/vm-teardown.ts stops a shared guest that a
 * failed file left. Times: a fresh-clone CI's on a quiet machine, hooks included.
 */
export const LIVE_VM_ORDER = [
  'verdicts-throttle-native', // ~2.5 min: native, quick rand-read + seq-write twice, one in a blkio throttle
  'bench-scripts', // ~1.5 min: native, every script in BusyBox ash and dash
  'service-scripts', // ~0.7 min: native, the service scripts on loopback
  'settle-throttled', // native, write-back settling under a throttle
  'verdicts-throttle-libvirt', // ~2.5 min: boots the shared guest (no share)
  'advice-view', // ~2 min: reuses it, then stops it
  'libvirt-services', // ~3 min: boots the shared guest with its share
  'libvirt-transport', // ~5 min: reuses it; quick rand-read, watch, dev-tree, cancel, io_uring restart; stops it
  'start-stopped', // ~0.5 min: starts a stopped guest of its own from the UI
  'apply-libvirt',
  'vagrant-edit',
  'vagrant-provider-libvirt',
  'detect-live',
] as const;

/**
 * The host stream's files that start first, in this order (every other one in vitest's order after them):
 * vagrant-live (~10 min on a quiet machine: vagrant up, a quick seq-write, cancel, the second folder, halt +
 * up, destroy), so that the stream's tail is short files.
 */
export const LIVE_HOST_FIRST = ['vagrant-live'] as const;

/** The VM stream's files as vitest include globs. */
export const LIVE_VM_FILES: string[] = LIVE_VM_ORDER.map((f) => `tests/live/${f}.test.ts`);

/**
 * The host stream's libvirt: a socket that does not exist, so that its engines and `vmbench web` servers
 * find no libvirt (the VM stream's guests would otherwise show up in their detection and headers). Its
 * files that need libvirt name their own connection (libvirt's test driver).
 */
export const NO_LIBVIRT = 'qemu+unix:///system?socket=/nonexistent/vmbench-live-host-has-no-libvirt.sock';

/**
 * vitest's own order (BaseSequencer: failed first, then by cached duration), except that the VM stream's
 * files run in LIVE_VM_ORDER and the host stream's LIVE_HOST_FIRST start first. vitest takes one sequencer for
 * the whole run (the root config's), so this leaves every other file where vitest put it.
 */
export class LiveVmSequencer extends BaseSequencer {
  /** Sorts the files as vitest does, then the VM stream's files by their place in LIVE_VM_ORDER, then LIVE_HOST_FIRST. */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rankIn = (list: readonly string[], s: TestSpecification): number => list.findIndex((f) => s.moduleId.endsWith(`/tests/live/${f}.test.ts`));
    const ranked = (list: readonly string[]): TestSpecification[] => sorted.filter((s) => rankIn(list, s) >= 0).sort((a, b) => rankIn(list, a) - rankIn(list, b));
    const first = [...ranked(LIVE_VM_ORDER), ...ranked(LIVE_HOST_FIRST)];
    return [...first, ...sorted.filter((s) => !first.includes(s))];
  }
}
