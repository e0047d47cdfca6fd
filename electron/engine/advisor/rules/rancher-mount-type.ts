import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { isKind, text } from '../types.js';
import { weighBy } from '../weigh.js';

/** Rancher Desktop shared folders: virtiofs (which needs VZ) instead of reverse-sshfs or 9p. */
export const rancherMountType: Rule = {
  setting: 'mountType',
  applies: (rt, _m, host) => host.platform === 'darwin' && isKind(rt, 'rancher-desktop') && ['reverse-sshfs', '9p'].includes(text(rt, 'mountType') ?? '') && text(rt, 'vmType') !== 'wsl2',
  draft: (rt) => {
    const needsVz = text(rt, 'vmType') !== 'vz';
    return {
      current: text(rt, 'mountType'),
      recommended: 'virtiofs',
      severity: 'high',
      evidence: text(rt, 'mountType') === '9p' ? EVIDENCE.ninep : EVIDENCE.vzVirtiofs,
      risk: `virtiofs requires the VZ VM type${needsVz ? ' (set together here)' : ''}; the VM restarts. ${EVIDENCE.virtiofsCounter}`,
      apply: { kind: 'command', argv: ['rdctl', 'set', ...(needsVz ? ['--virtual-machine.type', 'vz'] : []), '--virtual-machine.mount.type', 'virtiofs'] },
    };
  },
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
