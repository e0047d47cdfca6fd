import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { domainDiff, isLibvirtVm, mainDisk, XML_RISK } from '../rule-kit/libvirt-xml.js';
import { BLOCK_TESTS, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/**
 * libvirt: a paravirtual virtio disk instead of emulated IDE/SATA. Its evidence is about disk buses: a SATA → virtio
 * measurement of 4 KiB random reads (the test this finding is weighed on) and Proxmox's IDE → virtio factor; each
 * gives the published gain of its own current bus (evidence.ts), and fdc/usb, which neither measured, get none.
 */
export const libvirtDiskBus: Rule = {
  setting: 'diskBus',
  affects: BLOCK_TESTS,
  applies: (rt) => isLibvirtVm(rt) && ['ide', 'sata', 'fdc', 'usb'].includes(text(rt, 'diskBus') ?? ''),
  draft: (rt) => {
    const d = mainDisk(rt);
    const dev = d.target ?? 'sda';
    return {
      current: text(rt, 'diskBus'),
      recommended: 'virtio',
      severity: 'high',
      text: {
        // The measurement of its own bus first (the card's effect line); the other one after it.
        evidence: text(rt, 'diskBus') === 'sata' ? [ev('diskBusSata'), ev('diskBusIde')] : [ev('diskBusIde'), ev('diskBusSata')],
        risk: [msg('rule.libvirtDiskBus.risk', { dev }), XML_RISK],
      },
      apply: domainDiff(rt, [`<target dev='${dev}' bus='${String(d.bus)}'/>`], [`<target dev='vd${dev.slice(-1)}' bus='virtio'/>`]),
    };
  },
  weigh: weighBy('diskBus', { test: 'rand-read', place: 'guest', metric: 'read_iops', unit: 'IOPS' }),
};
