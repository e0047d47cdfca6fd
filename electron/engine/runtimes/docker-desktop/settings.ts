import os from 'node:os';
import { join } from 'node:path';
import { parseJson } from '../support/json-stream.js';
import { fail, ok, safeParse, type Parsed } from '../support/parsed.js';
import { SettingsBag } from '../support/runtime-info.js';
import { asRecord, round, toBool, toNumber, toText } from '../support/values.js';

/** Which Docker Desktop build wrote a settings file, told by where it lives. */
export type DesktopPlatform = 'mac' | 'linux' | 'windows';

/** A place Docker Desktop keeps its settings, relative to the home directory. */
export interface SettingsLocation {
  platform: DesktopPlatform;
  relPath: string;
}

/**
 * Every known settings file, newest format first within a platform (settings-store.json since
 * Docker Desktop 4.35, settings.json before). Looked for on every host, so detection behaves the
 * same everywhere. @see https://docs.docker.com/desktop/settings-and-maintenance/settings/
 */
export const SETTINGS_LOCATIONS: SettingsLocation[] = [
  { platform: 'mac', relPath: 'Library/Group Containers/group.com.docker/settings-store.json' },
  { platform: 'mac', relPath: 'Library/Group Containers/group.com.docker/settings.json' },
  { platform: 'linux', relPath: '.docker/desktop/settings-store.json' },
  { platform: 'linux', relPath: '.docker/desktop/settings.json' },
  { platform: 'windows', relPath: 'AppData/Roaming/Docker/settings-store.json' },
  { platform: 'windows', relPath: 'AppData/Roaming/Docker/settings.json' },
];

/** Absolute candidate paths under a home directory, in SETTINGS_LOCATIONS order. */
export function settingsPaths(home: string): string[] {
  return SETTINGS_LOCATIONS.map((l) => join(home, l.relPath));
}

/** Facts of the host Docker Desktop runs on, used for the documented "depends on the host" defaults. */
export interface HostFacts {
  cpus: number;
  memoryMiB: number;
  arch: string;
}

/** The facts of the machine this code runs on. */
export function thisHost(): HostFacts {
  return { cpus: os.cpus().length || 1, memoryMiB: Math.round(os.totalmem() / 1024 ** 2), arch: process.arch };
}

/**
 * Documented defaults for keys a settings file leaves out (Docker Desktop persists only
 * non-default values): docs.docker.com "Settings reference" (UseVirtualizationFramework true,
 * UseVirtualizationFrameworkVirtioFS true, UseGrpcfuse true, UseLibkrun false,
 * UseVirtualizationFrameworkRosetta true, Cpus = all logical CPUs of the host, DiskFlush "os",
 * UseResourceSaver true) and the Resources page (memory up to 50% of the host, swap 1 GB).
 */
export const DOCUMENTED_DEFAULTS = {
  UseVirtualizationFramework: true,
  UseVirtualizationFrameworkVirtioFS: true,
  UseGrpcfuse: true,
  UseLibkrun: false,
  UseVirtualizationFrameworkRosetta: true,
  SwapMiB: 1024,
  DiskFlush: 'os',
  UseResourceSaver: true,
  memoryShareOfHost: 0.5,
} as const;

/** A key read from the file: PascalCase (settings-store.json) or camelCase (settings.json), possibly {value, locked}. */
function read(raw: Record<string, unknown>, pascal: string): unknown {
  const camel = pascal[0].toLowerCase() + pascal.slice(1);
  const v = Object.prototype.hasOwnProperty.call(raw, pascal) ? raw[pascal] : raw[camel];
  const wrapped = asRecord(v);
  return wrapped && 'value' in wrapped ? wrapped.value : v;
}

/** Parses a Docker Desktop settings file into a plain object. */
export function parseDesktopSettingsFile(text: string): Parsed<Record<string, unknown>> {
  return safeParse(() => {
    const p = parseJson(text);
    if (!p.ok) return p;
    const rec = asRecord(p.value);
    return rec ? ok(rec) : fail('notJsonObject');
  });
}

/** Normalized settings (vmType, mountType, cpus, memoryMiB, diskGiB, ...) from a settings file, with defaults marked. */
export function normalizeDesktopSettings(raw: Record<string, unknown>, platform: DesktopPlatform, host: HostFacts): SettingsBag {
  const bag = new SettingsBag();
  const flag = (key: keyof typeof DOCUMENTED_DEFAULTS): { value: boolean; fromFile: boolean } => {
    const v = toBool(read(raw, key));
    return v === undefined ? { value: DOCUMENTED_DEFAULTS[key] as boolean, fromFile: false } : { value: v, fromFile: true };
  };
  const src = (fromFile: boolean): 'file' | 'default' => (fromFile ? 'file' : 'default');

  if (platform === 'mac') {
    const krun = flag('UseLibkrun');
    const vz = flag('UseVirtualizationFramework');
    const vmType = krun.value ? 'docker-vmm' : vz.value ? 'vz' : host.arch === 'arm64' ? 'qemu' : 'hyperkit';
    bag.set('vmType', vmType, src(krun.value ? krun.fromFile : vz.fromFile));
    const virtiofs = flag('UseVirtualizationFrameworkVirtioFS');
    const grpc = flag('UseGrpcfuse');
    if (vmType === 'docker-vmm') bag.set('mountType', 'virtiofs', src(krun.fromFile));
    else if (vmType === 'vz' && virtiofs.value) bag.set('mountType', 'virtiofs', src(virtiofs.fromFile));
    else bag.set('mountType', grpc.value ? 'grpcfuse' : 'osxfs', src(grpc.fromFile || virtiofs.fromFile));
    const rosetta = flag('UseVirtualizationFrameworkRosetta');
    if (vmType === 'vz') bag.set('rosetta', rosetta.value, src(rosetta.fromFile));
  } else if (platform === 'linux') {
    bag.set('vmType', 'qemu', 'default');
    bag.set('mountType', 'virtiofs', 'default');
  } else {
    const wsl = toBool(read(raw, 'WslEngineEnabled'));
    bag.set('vmType', wsl === false ? 'hyperv' : 'wsl2', src(wsl !== undefined));
    const wslGrpc = toBool(read(raw, 'WslEnableGrpcfuse'));
    if (wsl !== false) bag.set('mountType', wslGrpc ? 'grpcfuse' : '9p', src(wslGrpc !== undefined));
  }

  const cpus = toNumber(read(raw, 'Cpus'));
  bag.set('cpus', cpus ?? host.cpus, src(cpus !== undefined));
  const mem = toNumber(read(raw, 'MemoryMiB'));
  bag.set('memoryMiB', mem ?? Math.round(host.memoryMiB * DOCUMENTED_DEFAULTS.memoryShareOfHost), src(mem !== undefined));
  const disk = toNumber(read(raw, 'DiskSizeMiB'));
  if (disk !== undefined) bag.set('diskGiB', round(disk / 1024, 1), 'file');
  const swap = toNumber(read(raw, 'SwapMiB'));
  bag.set('swapMiB', swap ?? DOCUMENTED_DEFAULTS.SwapMiB, src(swap !== undefined));
  const flush = toText(read(raw, 'DiskFlush'));
  bag.set('diskFlush', flush ?? DOCUMENTED_DEFAULTS.DiskFlush, src(flush !== undefined));
  const saver = flag('UseResourceSaver');
  bag.set('resourceSaver', saver.value, src(saver.fromFile));
  bag.set('engine', 'moby', 'default');
  const snap = toBool(read(raw, 'UseContainerdSnapshotter'));
  if (snap !== undefined) bag.set('containerdSnapshotter', snap, 'file');
  bag.set('settingsVersion', toNumber(read(raw, 'SettingsVersion')), 'file');
  return bag;
}
