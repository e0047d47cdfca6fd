import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { domainDiff, isLibvirtVm, XML_RISK } from '../rule-kit/libvirt-xml.js';
import { text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** libvirt: a virtiofs filesystem share instead of 9p. */
export const libvirtMountType: Rule = {
  setting: 'mountType',
  applies: (rt) => isLibvirtVm(rt) && text(rt, 'mountType') === '9p',
  draft: (rt) => ({
    current: '9p',
    recommended: 'virtiofs',
    severity: 'medium',
    text: { evidence: [ev('ninep'), msg('measureHere')], risk: [msg('rule.libvirtMountType.risk'), XML_RISK] },
    apply: domainDiff(rt, ["<driver type='path'/>"], ["<driver type='virtiofs'/>"]),
  }),
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
