import type { Finding, MsgRef, RuntimeInfo } from '../../../contract/contract.js';
import { msg } from '../../../messages/finding-text.js';
import { lineDiff } from './diff.js';
import { isKind, text } from './types.js';
import { domainName } from '../../runtimes/libvirt/domain-xml.js';

export { domainName };

/** A disk as detection lists it in `settings.disks`. */
export interface DiskFacts {
  target?: string;
  device?: string;
  bus?: string;
  format?: string;
  cache?: string;
  io?: string;
  iothread?: number;
}

/** A libvirt domain that is a VM: not an LXC/OpenVZ/Virtuozzo container (detection's guestKind), whose shares are bind mounts and whose NICs are veth pairs, so virtio/virtiofs advice does not apply. */
export function isLibvirtVm(rt: RuntimeInfo): boolean {
  return isKind(rt, 'libvirt') && text(rt, 'guestKind') !== 'container';
}

/** The domain's persistent XML (changed through `virsh edit`, which validates and redefines it). */
export function domainXmlPath(rt: RuntimeInfo): string {
  const session = (text(rt, 'libvirtUri') ?? '').includes('/session');
  return `${session ? '~/.config/libvirt' : '/etc/libvirt'}/qemu/${domainName(rt)}.xml`;
}

/** The first disk device (the one detection's diskBus/diskIo/diskCache describe). */
export function mainDisk(rt: RuntimeInfo): DiskFacts {
  const disks = Array.isArray(rt.settings.disks) ? (rt.settings.disks as DiskFacts[]) : [];
  return (
    disks.find((d) => d && (d.device ?? 'disk') === 'disk') ?? {
      bus: text(rt, 'diskBus'),
      io: text(rt, 'diskIo'),
      cache: text(rt, 'diskCache'),
      format: text(rt, 'diskFormat'),
    }
  );
}

/** A disk's <driver/> element as libvirt writes it, with some attributes changed. */
export function driverXml(d: DiskFacts, change: Partial<DiskFacts> = {}): string {
  const x = { ...d, ...change };
  const attrs: [string, unknown][] = [
    ['name', 'qemu'],
    ['type', x.format],
    ['cache', x.cache],
    ['io', x.io],
    ['iothread', x.iothread],
  ];
  return `<driver ${attrs
    .filter(([, v]) => v !== undefined && v !== 'default')
    .map(([k, v]) => `${k}='${String(v)}'`)
    .join(' ')}/>`;
}

/** A file change to the domain XML: replaced lines, indented as in a domain's <devices>. */
export function domainDiff(rt: RuntimeInfo, before: string[], after: string[]): NonNullable<Finding['apply']> {
  const path = domainXmlPath(rt);
  const ind = (l: string): string => `      ${l}`;
  return { kind: 'file', path, diff: lineDiff(path, before.map(ind), after.map(ind), `virsh edit ${domainName(rt)}`) };
}

/** The risk every domain XML change shares. */
export const XML_RISK: MsgRef = msg('xmlRisk');
