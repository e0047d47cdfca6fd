import { child, childrenNamed, parseXml, type XmlElement } from '../support/xml.js';
import { fail, ok, safeParse, type Parsed } from '../support/parsed.js';
import { SettingsBag } from '../support/runtime-info.js';
import { parseSize, toNumber } from '../support/values.js';
import type { RuntimeInfo } from '../../../contract/contract.js';

/** The domain name from a `libvirt:<domain>` id. */
export function domainName(rt: RuntimeInfo): string {
  return rt.id.startsWith('libvirt:') ? rt.id.slice('libvirt:'.length) : rt.id;
}

/** One disk of a domain. */
export interface DomainDisk {
  target?: string;
  device: string;
  bus?: string;
  format?: string;
  cache?: string;
  io?: string;
  iothread?: number;
  source?: string;
}

/** One network interface of a domain. */
export interface DomainNic {
  type?: string;
  model?: string;
  source?: string;
}

/** One filesystem share of a domain. */
export interface DomainFilesystem {
  /** virtiofs or 9p in a VM; in a container: bind (type='mount'), ram, file, block, template or volume. */
  mountType: string;
  driver?: string;
  accessMode?: string;
  source?: string;
  tag?: string;
}

/** What `virsh dumpxml` says about a domain's performance. */
export interface DomainFacts {
  name?: string;
  domainType?: string;
  vcpus?: number;
  memoryMiB?: number;
  iothreads?: number;
  /** <os><type>: hvm for a VM, exe for a container (LXC, OpenVZ, Virtuozzo containers). */
  osType?: string;
  /** An LXC/OpenVZ domain or any `exe` domain: a container sharing the host kernel, with no emulated devices. */
  container: boolean;
  disks: DomainDisk[];
  nics: DomainNic[];
  filesystems: DomainFilesystem[];
}

/** Memory in MiB from a libvirt <memory unit='...'> value (KiB when no unit). */
export function libvirtMemoryMiB(value: string, unit: string | undefined): number | undefined {
  const bytes = parseSize(value.trim(), unit && unit.trim() ? unit.trim() : 'KiB');
  return bytes === undefined ? undefined : Math.round(bytes / 1024 ** 2);
}

function disk(el: XmlElement): DomainDisk {
  const driver = child(el, 'driver');
  const target = child(el, 'target');
  const src = child(el, 'source');
  return {
    target: target?.attrs.dev,
    device: el.attrs.device ?? 'disk',
    bus: target?.attrs.bus,
    format: driver?.attrs.type,
    cache: driver?.attrs.cache,
    io: driver?.attrs.io,
    iothread: toNumber(driver?.attrs.iothread),
    source: sourceOf(src),
  };
}

/** Where a disk, NIC or filesystem comes from: file, block dev, dir, name, pool/volume, or a RAM size. */
function sourceOf(src: XmlElement | undefined): string | undefined {
  if (!src) return undefined;
  const a = src.attrs;
  if (a.volume) return a.pool ? `${a.pool}/${a.volume}` : a.volume;
  if (a.usage) return `${a.usage} ${a.units ?? 'KiB'}`;
  return a.file ?? a.dev ?? a.dir ?? a.name ?? a.network ?? a.bridge;
}

function filesystem(el: XmlElement, container: boolean): DomainFilesystem {
  const type = el.attrs.type ?? 'mount';
  const driver = child(el, 'driver')?.attrs.type;
  // In a container <filesystem type='mount'> is a bind mount of a host folder; in a VM it is 9p unless the driver is virtiofs.
  let mountType = type;
  if (type === 'mount') mountType = container ? 'bind' : driver === 'virtiofs' ? 'virtiofs' : '9p';
  return { mountType, driver, accessMode: el.attrs.accessmode, source: sourceOf(child(el, 'source')), tag: child(el, 'target')?.attrs.dir };
}

function nic(el: XmlElement): DomainNic {
  return { type: el.attrs.type, model: child(el, 'model')?.attrs.type, source: sourceOf(child(el, 'source')) };
}

/** Container domain types: LXC and OpenVZ run only containers; Virtuozzo (vz) runs both, told apart by <os><type>exe</type>. */
const CONTAINER_TYPES = ['lxc', 'openvz'];

/** Parses `virsh dumpxml` output into the facts detection reports. */
export function parseDomainXml(text: string): Parsed<DomainFacts> {
  return safeParse(() => {
    const p = parseXml(text);
    if (!p.ok) return p;
    const dom = p.value;
    if (dom.name !== 'domain') return fail('notDomain', { root: dom.name });
    const memory = child(dom, 'memory');
    const vcpu = child(dom, 'vcpu');
    const devices = child(dom, 'devices');
    const osType = child(child(dom, 'os'), 'type')?.text.trim() || undefined;
    const container = CONTAINER_TYPES.includes(dom.attrs.type ?? '') || osType === 'exe';
    return ok({
      name: child(dom, 'name')?.text.trim(),
      domainType: dom.attrs.type,
      vcpus: toNumber(vcpu?.attrs.current) ?? toNumber(vcpu?.text.trim()),
      memoryMiB: memory ? libvirtMemoryMiB(memory.text, memory.attrs.unit) : undefined,
      iothreads: toNumber(child(dom, 'iothreads')?.text.trim()),
      osType,
      container,
      disks: childrenNamed(devices, 'disk').map(disk),
      nics: childrenNamed(devices, 'interface').map(nic),
      filesystems: childrenNamed(devices, 'filesystem').map((el) => filesystem(el, container)),
    });
  });
}

/**
 * Normalized settings of a domain: cpus, memoryMiB, vmType, guestKind (vm or container), and for a VM
 * diskBus/diskIo/diskCache of its first disk, iothreads and nicModel; mountType; plus disks, nics,
 * filesystems. A container has no emulated disk controller or NIC model (its NICs are veth pairs), so
 * those are not reported for it.
 */
export function domainSettings(f: DomainFacts): SettingsBag {
  const bag = new SettingsBag();
  bag.set('vmType', f.domainType === 'kvm' ? 'kvm' : f.domainType, 'cli');
  bag.set('guestKind', f.container ? 'container' : 'vm', 'cli');
  bag.set('cpus', f.vcpus, 'cli');
  bag.set('memoryMiB', f.memoryMiB, 'cli');
  bag.set('mountType', f.filesystems[0]?.mountType ?? 'none', 'cli');
  bag.set('disks', f.disks, 'cli');
  bag.set('nics', f.nics, 'cli');
  bag.set('filesystems', f.filesystems, 'cli');
  if (f.container) return bag;
  bag.set('iothreads', f.iothreads ?? 0, f.iothreads === undefined ? 'default' : 'cli');
  const main = f.disks.find((d) => d.device === 'disk');
  if (main) {
    bag.set('diskBus', main.bus, 'cli');
    bag.set('diskFormat', main.format, 'cli');
    // Without io= / cache= QEMU uses its own defaults; say so rather than guess a mode.
    bag.set('diskIo', main.io ?? 'default', main.io ? 'cli' : 'default');
    bag.set('diskCache', main.cache ?? 'default', main.cache ? 'cli' : 'default');
  }
  if (f.nics.length) bag.set('nicModel', f.nics[0].model ?? 'default', f.nics[0].model ? 'cli' : 'default');
  return bag;
}
