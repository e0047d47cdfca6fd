import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { isKind, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';
import { instanceName } from './lima-vm-type.js';

/** Podman machine: a provider with virtiofs (applehv/libkrun on macOS, Podman 5 on Linux) instead of 9p. */
export const podmanMountType: Rule = {
  setting: 'mountType',
  applies: (rt) => isKind(rt, 'podman') && text(rt, 'mountType') === '9p' && text(rt, 'vmType') !== 'wsl2',
  draft: (rt) => {
    const name = instanceName(rt);
    return {
      current: '9p',
      recommended: 'virtiofs',
      severity: 'medium',
      text: {
        evidence: [ev('ninep'), ev('ddev')],
        risk: [msg('rule.podmanMountType.risk')],
        steps: [
          msg('rule.podmanMountType.step1', { name }),
          msg('rule.podmanMountType.step2'),
          msg('rule.podmanMountType.step3'),
          msg('rule.podmanMountType.step4', { name }),
        ],
      },
      apply: { kind: 'steps' },
    };
  },
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
