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

/** Runs the VM stream in LIVE_VM_ORDER (a file not in the list, last); sharding as vitest's own. */
export class LiveVmSequencer extends BaseSequencer {
  /** Sorts the files by their place in LIVE_VM_ORDER. */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (s: TestSpecification): number => {
      const i = LIVE_VM_FILES.findIndex((f) => s.moduleId.endsWith(f));
      return i < 0 ? LIVE_VM_FILES.length : i;
    };
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}
