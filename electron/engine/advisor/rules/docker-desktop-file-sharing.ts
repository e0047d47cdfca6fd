import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { isKind, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** Docker Desktop file sharing: VirtioFS instead of gRPC FUSE / osxfs. */
export const dockerDesktopFileSharing: Rule = {
  setting: 'mountType',
  applies: (rt, _m, host) =>
    host.platform === 'darwin' &&
    isKind(rt, 'docker-desktop') &&
    ['grpcfuse', 'osxfs'].includes(text(rt, 'mountType') ?? '') &&
    text(rt, 'vmType') !== 'wsl2' &&
    text(rt, 'vmType') !== 'hyperv',
  draft: (rt) => ({
    current: text(rt, 'mountType'),
    recommended: 'virtiofs',
    severity: 'medium',
    text: {
      evidence: [ev('ddev'), ev('vzVirtiofs')],
      risk: [msg('rule.dockerDesktopFileSharing.risk'), ev('virtiofsCounter')],
      steps: [
        msg('rule.dockerDesktopFileSharing.step1'),
        msg('rule.dockerDesktopFileSharing.step2'),
        msg('rule.dockerDesktopFileSharing.step3'),
        msg('rule.dockerDesktopFileSharing.step4'),
      ],
    },
    apply: { kind: 'steps' },
  }),
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
