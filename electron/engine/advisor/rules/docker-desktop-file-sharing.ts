import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { isKind, text } from '../types.js';
import { weighBy } from '../weigh.js';

/** Docker Desktop file sharing: VirtioFS instead of gRPC FUSE / osxfs. */
export const dockerDesktopFileSharing: Rule = {
  setting: 'mountType',
  applies: (rt, _m, host) => host.platform === 'darwin' && isKind(rt, 'docker-desktop') && ['grpcfuse', 'osxfs'].includes(text(rt, 'mountType') ?? '') && text(rt, 'vmType') !== 'wsl2' && text(rt, 'vmType') !== 'hyperv',
  draft: (rt) => ({
    current: text(rt, 'mountType'),
    recommended: 'virtiofs',
    severity: 'medium',
    evidence: `${EVIDENCE.ddev} ${EVIDENCE.vzVirtiofs}`,
    risk: `VirtioFS needs the Apple Virtualization framework (macOS 12.5+). ${EVIDENCE.virtiofsCounter}`,
    apply: {
      kind: 'steps',
      steps: [
        'Open Docker Desktop → Settings → General.',
        'Select "Apple Virtualization framework" if it is not selected.',
        'Under "Choose file sharing implementation for your containers" choose "VirtioFS".',
        'Click "Apply & restart", then re-run the shared-folder tests.',
      ],
    },
  }),
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
