import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { isKind, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** Docker Desktop on macOS: the Apple Virtualization framework instead of QEMU / HyperKit. */
export const dockerDesktopVmm: Rule = {
  setting: 'vmType',
  applies: (rt, _m, host) => host.platform === 'darwin' && isKind(rt, 'docker-desktop') && ['qemu', 'hyperkit'].includes(text(rt, 'vmType') ?? ''),
  draft: (rt) => ({
    current: text(rt, 'vmType'),
    recommended: 'vz',
    severity: 'high',
    text: {
      evidence: [ev('vzVirtiofs'), ev('npmInstall')],
      risk: [msg('rule.dockerDesktopVmm.risk')],
      steps: [msg('rule.dockerDesktopVmm.step1'), msg('rule.dockerDesktopVmm.step2'), msg('rule.dockerDesktopVmm.step3')],
    },
    apply: { kind: 'steps' },
  }),
  weigh: weighBy('vmType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s' }),
};
