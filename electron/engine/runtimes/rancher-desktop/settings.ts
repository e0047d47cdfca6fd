import { join } from 'node:path';
import type { SettingSource } from '../../../contract/contract.js';
import { parseJson } from '../support/json-stream.js';
import { fail, ok, safeParse, type Parsed } from '../support/parsed.js';
import { SettingsBag } from '../support/runtime-info.js';
import { asRecord, getPath, pickPath, toBool, toNumber, toText } from '../support/values.js';

/** settings.json of Rancher Desktop under HOME (macOS, Linux, Windows layouts), read when rdctl cannot answer. */
export const RD_SETTINGS_FILES = [
  'Library/Preferences/rancher-desktop/settings.json',
  '.config/rancher-desktop/settings.json',
  'AppData/Roaming/rancher-desktop/settings.json',
];

/** Absolute candidate settings.json paths under a home directory. */
export function rdSettingsPaths(home: string): string[] {
  return RD_SETTINGS_FILES.map((p) => join(home, p));
}

/**
 * Where each normalized setting lives, newest schema first. Settings v4 kept engine, CPUs and memory
 * under `kubernetes.*`; later versions moved them to `containerEngine.name` and `virtualMachine.*`;
 * VM type, Rosetta and the mount type started under `experimental.virtualMachine.*` (v10) and moved
 * to `virtualMachine.*`; the 9p options stay under `experimental.virtualMachine.mount.9p` (v1.20).
 */
export const RD_PATHS = {
  engine: ['containerEngine.name', 'kubernetes.containerEngine'],
  cpus: ['virtualMachine.numberCPUs', 'kubernetes.numberCPUs'],
  memoryInGB: ['virtualMachine.memoryInGB', 'kubernetes.memoryInGB'],
  vmType: ['virtualMachine.type', 'experimental.virtualMachine.type'],
  mountType: ['virtualMachine.mount.type', 'experimental.virtualMachine.mount.type'],
  rosetta: ['virtualMachine.useRosetta', 'experimental.virtualMachine.useRosetta'],
  ninep: ['virtualMachine.mount.9p', 'experimental.virtualMachine.mount.9p'],
};

/** The `rdctl set` flag that changes each normalized setting (memoryMiB is set in GB). */
export const RD_SET_FLAGS: Record<string, string> = {
  engine: '--container-engine.name',
  cpus: '--virtual-machine.number-cpus',
  memoryMiB: '--virtual-machine.memory-in-gb',
  vmType: '--virtual-machine.type',
  mountType: '--virtual-machine.mount.type',
  rosetta: '--virtual-machine.use-rosetta',
  mount9pCacheMode: '--experimental.virtual-machine.mount.9p.cache-mode',
  mount9pMsizeKiB: '--experimental.virtual-machine.mount.9p.msize-in-kib',
  mount9pProtocolVersion: '--experimental.virtual-machine.mount.9p.protocol-version',
  mount9pSecurityModel: '--experimental.virtual-machine.mount.9p.security-model',
};

/** Parses `rdctl list-settings` output or a settings.json file into an object. */
export function parseRdSettings(text: string): Parsed<Record<string, unknown>> {
  return safeParse(() => {
    const p = parseJson(text);
    if (!p.ok) return p;
    const rec = asRecord(p.value);
    return rec ? ok(rec) : fail('notJsonObject');
  });
}

/** Normalized settings from any settings schema version; `source` says whether rdctl or the file gave them. */
export function normalizeRdSettings(raw: Record<string, unknown>, source: Exclude<SettingSource, 'default'>, platform = process.platform): SettingsBag {
  const bag = new SettingsBag();
  const engine = toText(pickPath(raw, RD_PATHS.engine)?.value);
  bag.set('engine', engine === 'docker' ? 'moby' : engine, source);
  bag.set('cpus', toNumber(pickPath(raw, RD_PATHS.cpus)?.value), source);
  const gb = toNumber(pickPath(raw, RD_PATHS.memoryInGB)?.value);
  bag.set('memoryMiB', gb === undefined ? undefined : Math.round(gb * 1024), source);
  if (platform === 'win32') {
    bag.set('vmType', 'wsl2', 'default');
  } else {
    // Schema versions without these keys only had QEMU and reverse-sshfs.
    const vmType = toText(pickPath(raw, RD_PATHS.vmType)?.value);
    bag.set('vmType', vmType ?? 'qemu', vmType ? source : 'default');
    const mount = toText(pickPath(raw, RD_PATHS.mountType)?.value);
    bag.set('mountType', mount ?? 'reverse-sshfs', mount ? source : 'default');
    bag.set('rosetta', toBool(pickPath(raw, RD_PATHS.rosetta)?.value), source);
  }
  const ninep = pickPath(raw, RD_PATHS.ninep)?.value;
  bag.set('mount9pMsizeKiB', toNumber(getPath(ninep, 'msizeInKib') ?? getPath(ninep, 'msizeInKB')), source);
  bag.set('mount9pCacheMode', toText(getPath(ninep, 'cacheMode')), source);
  bag.set('mount9pProtocolVersion', toText(getPath(ninep, 'protocolVersion')), source);
  bag.set('mount9pSecurityModel', toText(getPath(ninep, 'securityModel')), source);
  bag.set('kubernetesEnabled', toBool(getPath(raw, 'kubernetes.enabled')), source);
  bag.set('settingsVersion', toNumber(getPath(raw, 'version')), source);
  return bag;
}

/** The version in `rdctl version` output ("rdctl client version: v1.20.0, targeting server version: v1" -> "1.20.0"). */
export function parseRdctlVersion(text: string): Parsed<string> {
  const m = /client version:\s*v?(\d+\.\d+(?:\.\d+)?[^\s,]*)/i.exec(text);
  return m ? ok(m[1]) : fail('noRdctlVersion');
}

/** The long flags listed in `rdctl start --help` / `rdctl set --help`. */
export function parseRdctlFlags(helpText: string): string[] {
  const flags = new Set<string>();
  for (const m of helpText.matchAll(/(?:^|\s)(--[a-z0-9][a-z0-9.-]*)/gim)) flags.add(m[1]);
  return [...flags];
}
