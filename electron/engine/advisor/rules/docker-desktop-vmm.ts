import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { isKind, text } from '../types.js';
import { weighBy } from '../weigh.js';

/** Docker Desktop on macOS: the Apple Virtualization framework instead of QEMU / HyperKit. */
export const dockerDesktopVmm: Rule = {
  setting: 'vmType',
  applies: (rt, _m, host) => host.platform === 'darwin' && isKind(rt, 'docker-desktop') && ['qemu', 'hyperkit'].includes(text(rt, 'vmType') ?? ''),
  draft: (rt) => ({
    current: text(rt, 'vmType'),
    recommended: 'vz',
    severity: 'high',
    evidence: `${EVIDENCE.vzVirtiofs} ${EVIDENCE.npmInstall}`,
    risk: 'Needs macOS 12.5+; Docker Desktop restarts its VM. On Apple silicon, Docker VMM (beta) is the other fast choice.',
    apply: {
      kind: 'steps',
      steps: [
        'Open Docker Desktop → Settings → General.',
        'Under "Virtual Machine Options" choose "Apple Virtualization framework" (or "Docker VMM" on Apple silicon).',
        'Click "Apply & restart".',
      ],
    },
  }),
  weigh: weighBy('vmType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s' }),
};
