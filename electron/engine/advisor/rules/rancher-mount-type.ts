import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { isKind, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** Rancher Desktop shared folders: virtiofs (which needs VZ) instead of reverse-sshfs or 9p. */
export const rancherMountType: Rule = {
  setting: 'mountType',
  applies: (rt, _m, host) =>
    host.platform === 'darwin' &&
    isKind(rt, 'rancher-desktop') &&
    ['reverse-sshfs', '9p'].includes(text(rt, 'mountType') ?? '') &&
    text(rt, 'vmType') !== 'wsl2',
  draft: (rt) => {
    const needsVz = text(rt, 'vmType') !== 'vz';
    return {
      current: text(rt, 'mountType'),
      recommended: 'virtiofs',
      severity: 'high',
      text: {
        evidence: [ev(text(rt, 'mountType') === '9p' ? 'ninep' : 'vzVirtiofs')],
        risk: [msg(needsVz ? 'rule.rancherMountType.riskWithVz' : 'rule.rancherMountType.risk'), ev('virtiofsCounter')],
      },
      apply: { kind: 'command', argv: ['rdctl', 'set', ...(needsVz ? ['--virtual-machine.type', 'vz'] : []), '--virtual-machine.mount.type', 'virtiofs'] },
    };
  },
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
