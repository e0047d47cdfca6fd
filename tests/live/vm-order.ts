// The live lane's two streams (vitest.config.ts, scripts/test-all.mjs): which files form the VM stream
// (live-vm) and in what order they run; every other live file is the host stream (live-host).
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The VM stream, longest first (so that the stream's tail is short files): every file that boots a TCG
 * guest, runs Vagrant against libvirtd, or defines domains on qemu:///system (another file's detection
 * there would see them). Times from the last fresh-clone CI, with the guest boot of each beforeAll.
 * Each file has its own guest and domain names, so a file that restarts or stops its guest (vagrant-live's
 * halt + up, libvirt-transport's io_uring restart, start-stopped) disturbs no other file.
 */
export const LIVE_VM_ORDER = [
  'vagrant-live', // ~10.5 min: vagrant up, halt + up, destroy
  'libvirt-transport', // ~8 min: boot, quick rand-read, cancel, io_uring restart, re-run
  'libvirt-services', // ~5 min
  'advice-view', // ~3 min
  'verdicts-throttle-libvirt', // ~3 min
  'start-stopped', // ~1 min: starts a stopped guest from the UI
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
