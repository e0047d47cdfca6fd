import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { domainDiff, driverXml, isLibvirtVm, mainDisk, XML_RISK } from '../rule-kit/libvirt-xml.js';
import { BLOCK_TESTS, text } from '../rule-kit/types.js';

/** libvirt: a dedicated I/O thread for the virtio disk. */
export const libvirtIothreads: Rule = {
  setting: 'iothreads',
  affects: BLOCK_TESTS,
  applies: (rt) => isLibvirtVm(rt) && Number(rt.settings.iothreads ?? 0) === 0 && text(rt, 'diskBus') === 'virtio',
  draft: (rt) => {
    const d = mainDisk(rt);
    return {
      current: Number(rt.settings.iothreads ?? 0),
      recommended: 1,
      severity: 'low',
      text: {
        evidence: [msg('rule.libvirtIothreads.evidence', { ioUring: ev('ioUring') })],
        risk: [msg('rule.libvirtIothreads.risk'), XML_RISK],
      },
      apply: domainDiff(rt, [driverXml(d)], ['<!-- in <domain>, next to <vcpu>: <iothreads>1</iothreads> -->', driverXml(d, { iothread: 1 })]),
    };
  },
};
