// The live lane's two streams (vitest.config.ts, scripts/test-all.mjs): which files form the VM stream
// (live-vm) and in what order they run; every other live file is the host stream (live-host).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The VM stream: every file that boots a TCG guest, runs Vagrant against libvirtd, or defines domains on
 * qemu:///system (another file's detection there would see them). vagrant-live first (the longest, its own
 * machine in its own namespace), then the users of the shared test guest (scripts/shared-test-guest.mjs), the
 * files that only read before the one that restarts it (tests that restart or stop the guest run
 * last): the two without a 9p share next to each other (one boot), advice-view last of them (its tuned setup
 * stops it); then libvirt-services (the kind with the share: the second boot) and libvirt-transport, which
 * reuses it, restarts it after applying io_uring and stops it, since the files after it detect every domain.
 * Then the short files (start-stopped has a guest of its own, the others define domains that never boot).
 * tests/live/vm-teardown.ts stops a shared guest that a failed file left. Times: the last fresh-clone CI's,
 * hooks included.
 */
export const LIVE_VM_ORDER = [
  'vagrant-live', // ~8 min: vagrant up, a quick seq-write, the second folder, halt + up, a seq-write, destroy
  'verdicts-throttle-libvirt', // ~2.5 min: boots the shared guest (no share)
  'advice-view', // ~2 min: reuses it, then stops it
  'libvirt-services', // ~2.5 min: boots the shared guest with its share; net, redis, http on the guest disk
  'libvirt-transport', // ~4 min: reuses it; quick rand-read (shared), watch, dev-tree, cancel, io_uring restart; stops it
  'command-libvirt', // boots a guest of its own with a 9p share; the user's command in the share and on the guest disk
  'start-stopped', // ~0.5 min: starts a stopped guest of its own from the UI
  'apply-libvirt',
  'vagrant-edit',
  'vagrant-provider-libvirt',
  'detect-live',
] as const;

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
 * files run in LIVE_VM_ORDER. vitest takes one sequencer for the whole run (the root config's), so this
 * leaves every other file where vitest put it.
 */
export class LiveVmSequencer extends BaseSequencer {
  /** Sorts the files as vitest does, then the VM stream's files by their place in LIVE_VM_ORDER. */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (s: TestSpecification): number => LIVE_VM_FILES.findIndex((f) => s.moduleId.endsWith(`/${f}`));
    const vm = sorted.filter((s) => rank(s) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...vm, ...sorted.filter((s) => rank(s) < 0)];
  }
}
