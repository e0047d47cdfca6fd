import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { domainDiff, driverXml, isLibvirtVm, mainDisk, XML_RISK } from '../libvirt/xml.js';
import { text } from '../types.js';

/** libvirt: a dedicated I/O thread for the virtio disk. */
export const libvirtIothreads: Rule = {
  setting: 'iothreads',
  applies: (rt) => isLibvirtVm(rt) && Number(rt.settings.iothreads ?? 0) === 0 && text(rt, 'diskBus') === 'virtio',
  draft: (rt) => {
    const d = mainDisk(rt);
    return {
      current: Number(rt.settings.iothreads ?? 0),
      recommended: 1,
      severity: 'low',
      evidence: `No published IOPS figure for iothreads in vmbench's evidence; with io_uring the host pays +10.4 pt sys CPU (${EVIDENCE.ioUring}) and an iothread takes that work off the vCPU/main-loop thread.`,
      risk: `One more host thread per domain; gains show under parallel I/O only. ${XML_RISK}`,
      apply: domainDiff(rt, [driverXml(d)], ['<!-- in <domain>, next to <vcpu>: <iothreads>1</iothreads> -->', driverXml(d, { iothread: 1 })]),
    };
  },
};
