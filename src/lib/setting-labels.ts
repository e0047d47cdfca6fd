import type { TFunction } from 'i18next';
import type { SettingSource } from '../../electron/contract/contract.js';
import { translator, type Lang } from '../../electron/messages/i18n.js';
import { formatMiB } from '../../electron/presentation/format.js';
import { fmtValue } from './format';
import { uiLang } from './i18n';

/** A setting's value in words for a language, or null when it has no words for this value. */
type ValueWords = (v: unknown, t: TFunction, lang: Lang) => string | null;

/**
 * Value words: product and protocol names stay as they are (`plain`); the few values that are words
 * (`worded`) come from the ui catalogue, ui:setting.value.<value>.
 */
const words =
  (plain: Record<string, string>, worded: readonly string[] = []): ValueWords =>
  (v, t) => {
    if (typeof v !== 'string') return null;
    if (worded.includes(v)) return t(`ui:setting.value.${v}`);
    return plain[v] ?? null;
  };
const mib: ValueWords = (v, _t, lang) => (typeof v === 'number' ? formatMiB(v, lang) : null);
const gib: ValueWords = (v) => (typeof v === 'number' ? `${v} GiB` : null);
const onOff: ValueWords = (v, t) => (typeof v === 'boolean' ? t(v ? 'ui:setting.on' : 'ui:setting.off') : null);

const VM_TYPES = { vz: 'Apple Virtualization (vz)', qemu: 'QEMU', hyperkit: 'HyperKit', 'docker-vmm': 'Docker VMM', wsl2: 'WSL 2', krunkit: 'krunkit' };
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

/**
 * The settings the runtime kinds report (electron/engine/runtimes), with how their values read; the
 * label of each is ui:setting.label.<key>. An unknown key shows as itself.
 */
const VALUES: Record<string, ValueWords | null> = {
  vmType: words(VM_TYPES, ['lxc', 'openvz']),
  mountType: words(MOUNT_TYPES, ['osxfs', 'bind']),
  guestKind: words({}, ['vm', 'container']),
  memoryMiB: mib,
  swapMiB: mib,
  cpus: null,
  diskGiB: gib,
  engine: words({ moby: 'Docker (moby)', containerd: 'containerd' }),
  rosetta: onOff,
  guestArch: null,
  arch: null,
  os: null,
  guestOs: null,
  kernelVersion: null,
  settingsFile: null,
  settingsVersion: null,
  libvirtUri: null,
  syncedFolders: null,
  providerShares: null,
  storageDriver: null,
  sharedDir: null,
  serverVersion: null,
  resourceSaver: onOff,
  provider: null,
  nics: null,
  nicModel: null,
  machineProvider: null,
  machineName: null,
  machineHome: null,
  kubernetesEnabled: onOff,
  iothreads: null,
  instanceDir: null,
  guestAgent: words({}, ['answers', 'not-answering']),
  filesystems: null,
  endpoint: null,
  disks: null,
  diskIo: null,
  diskFormat: null,
  diskFlush: null,
  diskCache: null,
  diskBus: null,
  defaultMachine: onOff,
  containerdSnapshotter: onOff,
  cgroupVersion: null,
  box: null,
  backingFilesystem: null,
};

const known = (key: string): boolean => Object.prototype.hasOwnProperty.call(VALUES, key);

/** The human label of a setting key in the page's language ("memoryMiB" -> "Memory", メモリー). */
export function settingLabel(key: string, lang: Lang = uiLang()): string {
  return known(key) ? translator(lang)(`ui:setting.label.${key}`) : key;
}

/** A setting's value in words ("6 GiB", "QEMU", "On"/オン); falls back to the plain value. */
export function settingValue(key: string, v: unknown, lang: Lang = uiLang()): string {
  return (known(key) ? VALUES[key]?.(v, translator(lang), lang) : null) ?? fmtValue(v);
}

const SOURCES: readonly string[] = ['file', 'cli', 'default', 'guest', 'vagrantfile', 'provider'] satisfies SettingSource[];

/** Where a value came from, in the page's language: a short chip text and a sentence for its tooltip; null for a source it cannot name. */
export function sourceWords(source: SettingSource | undefined, lang: Lang = uiLang()): { chip: string; long: string } | null {
  if (!source || !SOURCES.includes(source)) return null;
  const t = translator(lang);
  return { chip: t(`ui:setting.source.${source}.chip`), long: t(`ui:setting.source.${source}.long`) };
}
