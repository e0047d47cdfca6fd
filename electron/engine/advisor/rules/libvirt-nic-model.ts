import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { domainDiff, isLibvirtVm, XML_RISK } from '../rule-kit/libvirt-xml.js';
import { text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

const SLOW = ['rtl8139', 'ne2k_pci', 'pcnet', 'e1000', 'e1000e', 'default'];

/** libvirt: a virtio NIC instead of an emulated rtl8139/e1000. */
export const libvirtNicModel: Rule = {
  setting: 'nicModel',
  affects: ['net'],
  applies: (rt) => isLibvirtVm(rt) && SLOW.includes(text(rt, 'nicModel') ?? ''),
  draft: (rt) => {
    const cur = text(rt, 'nicModel') ?? 'default';
    return {
      current: cur,
      recommended: 'virtio',
      severity: cur.startsWith('e1000') ? 'medium' : 'high',
      text: { evidence: [ev('nic')], risk: [msg('rule.libvirtNicModel.risk'), XML_RISK] },
      apply: domainDiff(rt, cur === 'default' ? [] : [`<model type='${cur}'/>`], ["<model type='virtio'/>"]),
    };
  },
  weigh: weighBy('nicModel', { test: 'net', place: 'guest', metric: 'tx_Mbps', unit: 'Mbit/s' }),
};
