import type { Rule } from '../types.js';
import { domainDiff, driverXml, isLibvirtVm, mainDisk, XML_RISK } from '../libvirt/xml.js';
import { text } from '../types.js';
import { weighBy } from '../weigh.js';

/** libvirt: cache='none' instead of a write-through cache mode on the main disk. */
export const libvirtDiskCache: Rule = {
  setting: 'diskCache',
  applies: (rt) => isLibvirtVm(rt) && ['writethrough', 'directsync'].includes(text(rt, 'diskCache') ?? ''),
  draft: (rt) => {
    const d = mainDisk(rt);
    return {
      current: text(rt, 'diskCache'),
      recommended: 'none',
      severity: 'low',
      evidence: `No published number in vmbench's evidence for cache modes: ${String(d.cache)} makes every guest write wait for the host disk (O_DSYNC), while cache='none' (O_DIRECT) keeps guest flushes safe without that wait; measure seq-write in the guest before and after.`,
      risk: `cache='none' needs a host filesystem that supports O_DIRECT. ${XML_RISK}`,
      apply: domainDiff(rt, [driverXml(d)], [driverXml(d, { cache: 'none' })]),
    };
  },
  weigh: weighBy('diskCache', { test: 'seq-write', place: 'guest', metric: 'write_MBps', unit: 'MB/s' }),
};
