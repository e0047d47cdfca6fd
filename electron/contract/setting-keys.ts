/**
 * Every setting key a runtime kind reports (RuntimeInfo.settings, .settingsSource and .active), each once,
 * with how its value reads. The runtimes write them (SettingsBag), the advice rules read them, the UI labels
 * them: the `SettingKey` union derived from this catalogue types all three, so a misspelt key fails to
 * compile. Dependency-free, so the engine and the renderer both import it (docs/architecture.md, "How to
 * add a setting key").
 *
 * The label of each key is the message `ui:setting.label.<key>` (settingLabelKey), in
 * src/locales/{en,ja}/ui.json.
 */

/**
 * How a setting's value reads:
 * - `plain`: as it is (a number, a path, a name);
 * - `mib` / `gib`: a size in MiB or GiB;
 * - `onOff`: a boolean, as On/Off in the reader's language;
 * - `words`: a string value as a product or protocol name that stays as it is (`plain`), or as a word of
 *   the ui catalogue, ui:setting.value.<value> (`worded`); another value reads as it is.
 */
export type SettingValueKind =
  | { kind: 'plain' }
  | { kind: 'mib' }
  | { kind: 'gib' }
  | { kind: 'onOff' }
  | { kind: 'words'; plain?: Readonly<Record<string, string>>; worded?: readonly string[] };

/** What the faces need to know of one setting key. */
export interface SettingSpec {
  /** How its value reads. */
  value: SettingValueKind;
  /** Only ever seen from inside the guest (RuntimeInfo.active), never configured. */
  activeOnly?: true;
}

const plain = { value: { kind: 'plain' } } as const;
const mib = { value: { kind: 'mib' } } as const;
const gib = { value: { kind: 'gib' } } as const;
const onOff = { value: { kind: 'onOff' } } as const;
const words = (plainWords: Record<string, string>, worded: readonly string[] = []): SettingSpec => ({ value: { kind: 'words', plain: plainWords, worded } });

/** The VM types as their products name them. */
const VM_TYPES = { vz: 'Apple Virtualization (vz)', qemu: 'QEMU', hyperkit: 'HyperKit', 'docker-vmm': 'Docker VMM', wsl2: 'WSL 2', krunkit: 'krunkit' };
/** The file-sharing drivers as their projects name them. */
const MOUNT_TYPES = {
  virtiofs: 'virtiofs',
  '9p': '9p',
  'reverse-sshfs': 'reverse-sshfs',
  sshfs: 'SSHFS',
  grpcfuse: 'gRPC FUSE',
  wsl2: 'WSL 2',
  nfs: 'NFS',
  rsync: 'rsync',
};

/** Every setting key, in the order a runtime's settings are best read. */
export const SETTINGS = {
  vmType: words(VM_TYPES, ['lxc', 'openvz']),
  mountType: words(MOUNT_TYPES, ['osxfs', 'bind']),
  guestKind: words({}, ['vm', 'container']),
  memoryMiB: mib,
  swapMiB: mib,
  cpus: plain,
  diskGiB: gib,
  engine: words({ moby: 'Docker (moby)', containerd: 'containerd', podman: 'Podman' }),
  rosetta: onOff,
  guestArch: plain,
  arch: plain,
  os: plain,
  guestOs: plain,
  kernelVersion: plain,
  settingsFile: plain,
  settingsVersion: plain,
  libvirtUri: plain,
  syncedFolders: plain,
  providerShares: plain,
  storageDriver: plain,
  sharedDir: plain,
  sharedMounted: { value: { kind: 'onOff' }, activeOnly: true },
  serverVersion: plain,
  resourceSaver: onOff,
  provider: plain,
  nics: plain,
  nicModel: plain,
  machineProvider: plain,
  machineName: plain,
  machineHome: plain,
  kubernetesEnabled: onOff,
  iothreads: plain,
  instanceDir: plain,
  guestAgent: words({}, ['answers', 'not-answering']),
  filesystems: plain,
  endpoint: plain,
  disks: plain,
  diskIo: plain,
  diskFormat: plain,
  diskFlush: plain,
  diskCache: plain,
  diskBus: plain,
  defaultMachine: onOff,
  containerdSnapshotter: onOff,
  cgroupVersion: plain,
  box: plain,
  backingFilesystem: plain,
  mount9pMsizeKiB: plain,
  mount9pCacheMode: plain,
  mount9pProtocolVersion: plain,
  mount9pSecurityModel: plain,
} as const satisfies Record<string, SettingSpec>;

/** One setting key a runtime reports. */
export type SettingKey = keyof typeof SETTINGS;

/** Every setting key, in catalogue order. */
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** A runtime's settings (or where each came from, or the values seen in the guest), by key. */
export type SettingMap<T = unknown> = Partial<Record<SettingKey, T>>;

/** Whether a string (a key of a stored run, perhaps from another version) is a setting key of this catalogue. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTINGS, key);
}

/** The spec of a key, or undefined for a key the catalogue does not know (it then reads as itself). */
export function settingSpec(key: string): SettingSpec | undefined {
  return isSettingKey(key) ? SETTINGS[key] : undefined;
}

/** The message key of a setting key's label. */
export function settingLabelKey(key: SettingKey): string {
  return `ui:setting.label.${key}`;
}
