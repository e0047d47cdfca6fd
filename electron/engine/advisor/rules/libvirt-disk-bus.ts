import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { domainDiff, isLibvirtVm, mainDisk, XML_RISK } from '../libvirt/xml.js';
import { text } from '../types.js';
import { weighBy } from '../weigh.js';

/** libvirt: a paravirtual virtio disk instead of emulated IDE/SATA. */
export const libvirtDiskBus: Rule = {
  setting: 'diskBus',
  applies: (rt) => isLibvirtVm(rt) && ['ide', 'sata', 'fdc', 'usb'].includes(text(rt, 'diskBus') ?? ''),
  draft: (rt) => {
    const d = mainDisk(rt);
    const dev = d.target ?? 'sda';
    return {
      current: text(rt, 'diskBus'),
      recommended: 'virtio',
      severity: 'high',
      evidence: `Emulated controllers cost the same way emulated NICs do: ${EVIDENCE.nic} The io_uring figures (seed 004) were measured on virtio.`,
      risk: `The guest needs virtio drivers (Windows: virtio-win) and the disk is renamed (${dev} -> vd*): mount by UUID/LABEL in /etc/fstab first. ${XML_RISK}`,
      apply: domainDiff(rt, [`<target dev='${dev}' bus='${String(d.bus)}'/>`], [`<target dev='vd${dev.slice(-1)}' bus='virtio'/>`]),
    };
  },
  weigh: weighBy('diskBus', { test: 'rand-read', place: 'guest', metric: 'read_iops', unit: 'IOPS' }),
};
