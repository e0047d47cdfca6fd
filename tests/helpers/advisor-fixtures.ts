import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { colimaYamlSettings } from '../../electron/engine/runtimes/colima/parse.js';
import { normalizeDesktopSettings, parseDesktopSettingsFile } from '../../electron/engine/runtimes/docker-desktop/settings.js';
import { domainSettings, parseDomainXml } from '../../electron/engine/runtimes/libvirt/domain-xml.js';
import { limaSettings, parseLimaList } from '../../electron/engine/runtimes/lima.js';
import { parsePodmanMachines, podmanSettings } from '../../electron/engine/runtimes/podman.js';
import { normalizeRdSettings, parseRdSettings } from '../../electron/engine/runtimes/rancher-desktop/settings.js';
import type { SettingsBag } from '../../electron/engine/runtimes/support/runtime-info.js';
import { local, captured, text } from './runtimes-stubs.js';

/** A RuntimeInfo around normalized settings, as detection builds it. */
export function runtimeOf(id: string, kind: string, bag: Pick<SettingsBag, 'settings' | 'source'>): RuntimeInfo {
  return {
    id,
    kind,
    name: kind,
    version: null,
    state: 'running',
    settings: bag.settings,
    settingsSource: bag.source,
    targets: [{ id, label: id, places: ['shared', 'guest'] }],
    findings: [],
  };
}

function must<T>(p: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!p.ok) throw new Error(p.error);
  return p.value;
}

/** Runtimes built from every fixture that yields settings, by fixture name. */
export function fixtureRuntimes(): Record<string, RuntimeInfo> {
  const host = { cpus: 10, memoryMiB: 16384, arch: 'arm64' as const };
  const dd = (f: string): RuntimeInfo =>
    runtimeOf('docker-desktop', 'docker-desktop', normalizeDesktopSettings(must(parseDesktopSettingsFile(text(captured(`docker-desktop/${f}`)))), 'mac', host));
  const rd = (p: string): RuntimeInfo => runtimeOf('rancher-desktop', 'rancher-desktop', normalizeRdSettings(must(parseRdSettings(text(p))), 'cli', 'darwin'));
  const virt = (f: string): RuntimeInfo =>
    runtimeOf('libvirt:test', 'libvirt', domainSettings(must(parseDomainXml(text(captured(`libvirt/${f}`))))).set('libvirtUri', 'qemu:///system', 'default'));
  const lima = must(parseLimaList(text(captured('lima/list-json.lima-pr308-2021.ndjson'))));
  const podman = must(parsePodmanMachines(text(captured('podman/machine-ls-format-json.podman-docs-2021.json'))));
  const colima = must(colimaYamlSettings(text(local('colima/colima.default-template.yaml')))).set(
    'settingsFile',
    '/home/u/.colima/default/colima.yaml',
    'file',
  );
  return {
    'dd-marslo-v40': dd('settings-store.marslo-v40.json'),
    'dd-fresh-v43': dd('settings-store.fresh-install-v43.json'),
    'rd-v10': rd(captured('rancher-desktop/rdctl-list-settings.v10-macos.json')),
    'rd-v4': rd(local('rancher-desktop/rdctl-list-settings.v4.json')),
    'rd-v16': rd(local('rancher-desktop/rdctl-list-settings.v16-macos.json')),
    'libvirt-io_uring': virt('dumpxml.libvirt-test.disk-io_uring.xml'),
    'libvirt-iothreads': virt('dumpxml.libvirt-test.iothreads-disk.xml'),
    'lima-alpine': runtimeOf('lima:alpine', 'lima', limaSettings(lima[0])),
    'lima-default': runtimeOf('lima:default', 'lima', limaSettings(lima[1])),
    'podman-default': runtimeOf('podman:podman-machine-default', 'podman', podmanSettings(podman[0])),
    'colima-template': runtimeOf('colima:default', 'colima', colima),
  };
}
