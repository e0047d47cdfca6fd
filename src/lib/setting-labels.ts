import type { SettingSource } from '../../electron/contract';
import { fmtMiB, fmtValue } from './format';

/** A setting as a person reads it: a label, and its value in words. */
interface SettingLabel {
  label: string;
  value?: (v: unknown) => string | null;
}

const words =
  (map: Record<string, string>) =>
  (v: unknown): string | null =>
    typeof v === 'string' && map[v] ? map[v] : null;
const mib = (v: unknown): string | null => (typeof v === 'number' ? fmtMiB(v) : null);
const gib = (v: unknown): string | null => (typeof v === 'number' ? `${v} GiB` : null);
const onOff = (v: unknown): string | null => (typeof v === 'boolean' ? (v ? 'On' : 'Off') : null);

const VM_TYPES = { vz: 'Apple Virtualization (vz)', qemu: 'QEMU', hyperkit: 'HyperKit', 'docker-vmm': 'Docker VMM', wsl2: 'WSL 2', krunkit: 'krunkit', lxc: 'LXC container', openvz: 'OpenVZ container' };
const MOUNT_TYPES = { virtiofs: 'virtiofs', '9p': '9p', 'reverse-sshfs': 'reverse-sshfs', sshfs: 'SSHFS', grpcfuse: 'gRPC FUSE', osxfs: 'osxfs (legacy)', wsl2: 'WSL 2', nfs: 'NFS', rsync: 'rsync', bind: 'bind mount (container)' };

/** Labels of the settings the runtime kinds report (electron/engine/runtimes); an unknown key shows as itself. */
const LABELS: Record<string, SettingLabel> = {
  vmType: { label: 'VM type', value: words(VM_TYPES) },
  mountType: { label: 'File sharing', value: words(MOUNT_TYPES) },
  guestKind: { label: 'Guest kind', value: words({ vm: 'Virtual machine', container: 'Container (shares the host kernel)' }) },
  memoryMiB: { label: 'Memory', value: mib },
  swapMiB: { label: 'Swap', value: mib },
  cpus: { label: 'CPUs' },
  diskGiB: { label: 'Disk size', value: gib },
  engine: { label: 'Container engine', value: words({ moby: 'Docker (moby)', containerd: 'containerd' }) },
  rosetta: { label: 'Rosetta (x86 emulation)', value: onOff },
  guestArch: { label: 'Guest architecture' },
  arch: { label: 'Architecture' },
  os: { label: 'Operating system' },
  guestOs: { label: 'Guest OS' },
  kernelVersion: { label: 'Kernel' },
  settingsFile: { label: 'Settings file' },
  settingsVersion: { label: 'Settings format version' },
  libvirtUri: { label: 'libvirt connection' },
  syncedFolders: { label: 'Synced folders' },
  providerShares: { label: 'Provider shares' },
  storageDriver: { label: 'Storage driver' },
  sharedDir: { label: 'Shared folder in the guest' },
  serverVersion: { label: 'Engine version' },
  resourceSaver: { label: 'Resource Saver', value: onOff },
  provider: { label: 'Provider' },
  nics: { label: 'Network cards' },
  nicModel: { label: 'Network card model' },
  machineProvider: { label: 'Machine provider' },
  machineName: { label: 'Machine name' },
  machineHome: { label: 'Machine folder' },
  kubernetesEnabled: { label: 'Kubernetes', value: onOff },
  iothreads: { label: 'I/O threads' },
  instanceDir: { label: 'Instance folder' },
  guestAgent: { label: 'Guest agent', value: words({ answers: 'answers', 'not-answering': 'not answering' }) },
  filesystems: { label: 'Shared folders' },
  endpoint: { label: 'Docker endpoint' },
  disks: { label: 'Disks' },
  diskIo: { label: 'Disk I/O mode' },
  diskFormat: { label: 'Disk format' },
  diskFlush: { label: 'Disk flush' },
  diskCache: { label: 'Disk cache' },
  diskBus: { label: 'Disk bus' },
  defaultMachine: { label: 'Default machine', value: onOff },
  containerdSnapshotter: { label: 'containerd image store', value: onOff },
  cgroupVersion: { label: 'cgroup version' },
  box: { label: 'Box' },
  backingFilesystem: { label: 'Backing filesystem' },
};

/** The human label of a setting key ("memoryMiB" -> "Memory"). */
export function settingLabel(key: string): string {
  return LABELS[key]?.label ?? key;
}

/** A setting's value in words ("6.0 GiB", "QEMU", "On"); falls back to the plain value. */
export function settingValue(key: string, v: unknown): string {
  return LABELS[key]?.value?.(v) ?? fmtValue(v);
}

/** Where a value came from: a short chip text and a sentence for its tooltip. */
export const SOURCE_WORDS: Record<SettingSource, { chip: string; long: string }> = {
  file: { chip: 'from settings file', long: 'Read from the runtime’s settings file.' },
  cli: { chip: 'reported by CLI', long: 'Reported by the runtime’s own command-line tool.' },
  default: { chip: 'default', long: 'Not set anywhere: this is the runtime’s default.' },
  guest: { chip: 'seen in guest', long: 'Seen from inside the running guest.' },
  vagrantfile: { chip: 'from Vagrantfile', long: 'Read from the Vagrantfile’s text (not executed); the provider has not created the machine yet or could not be asked.' },
  provider: { chip: 'reported by provider', long: 'Reported by the VM provider for the machine as it exists (VBoxManage, virsh, prlctl or the .vmx file).' },
};
