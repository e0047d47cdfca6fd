import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { isKind, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** Rancher Desktop on macOS: VZ instead of QEMU. */
export const rancherVmType: Rule = {
  setting: 'vmType',
  applies: (rt, _m, host) => host.platform === 'darwin' && isKind(rt, 'rancher-desktop') && text(rt, 'vmType') === 'qemu',
  draft: () => ({
    current: 'qemu',
    recommended: 'vz',
    severity: 'high',
    text: { evidence: [ev('vzVirtiofs')], risk: [msg('rule.rancherVmType.risk')] },
    apply: { kind: 'command', argv: ['rdctl', 'set', '--virtual-machine.type', 'vz'] },
  }),
  weigh: weighBy('vmType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s' }),
};
