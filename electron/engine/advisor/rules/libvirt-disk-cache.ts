import type { Rule } from '../rule-kit/types.js';
import { msg } from '../../../messages/finding-text.js';
import { domainDiff, driverXml, isLibvirtVm, mainDisk, XML_RISK } from '../rule-kit/libvirt-xml.js';
import { BLOCK_TESTS, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** libvirt: cache='none' instead of a write-through cache mode on the main disk. */
export const libvirtDiskCache: Rule = {
  setting: 'diskCache',
  affects: BLOCK_TESTS,
  applies: (rt) => isLibvirtVm(rt) && ['writethrough', 'directsync'].includes(text(rt, 'diskCache') ?? ''),
  draft: (rt) => {
    const d = mainDisk(rt);
    return {
      current: text(rt, 'diskCache'),
      recommended: 'none',
      severity: 'low',
      text: {
        evidence: [msg('rule.libvirtDiskCache.evidence', { cache: String(d.cache) })],
        risk: [msg('rule.libvirtDiskCache.risk'), XML_RISK],
      },
      apply: domainDiff(rt, [driverXml(d)], [driverXml(d, { cache: 'none' })]),
    };
  },
  weigh: weighBy('diskCache', { test: 'seq-write', place: 'guest', metric: 'write_MBps', unit: 'MB/s' }),
};
