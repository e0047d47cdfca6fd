import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { domainDiff, driverXml, isLibvirtVm, mainDisk, XML_RISK } from '../rule-kit/libvirt-xml.js';
import { BLOCK_TESTS, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** libvirt: io='io_uring' on the main disk. */
export const libvirtDiskIo: Rule = {
  setting: 'diskIo',
  affects: BLOCK_TESTS,
  applies: (rt) => isLibvirtVm(rt) && ['default', 'threads'].includes(text(rt, 'diskIo') ?? ''),
  draft: (rt) => {
    const d = mainDisk(rt);
    return {
      current: text(rt, 'diskIo'),
      recommended: 'io_uring',
      severity: 'medium',
      text: { evidence: [ev('ioUring')], risk: [msg('rule.libvirtDiskIo.risk'), XML_RISK] },
      apply: domainDiff(rt, [driverXml(d)], [driverXml(d, { io: 'io_uring' })]),
    };
  },
  weigh: weighBy('diskIo', { test: 'rand-read', place: 'guest', metric: 'read_iops', unit: 'IOPS' }),
};
