import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { isKind, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';
import { limaApply } from './lima-vm-type.js';

/** Colima and Lima shared folders: virtiofs instead of sshfs / reverse-sshfs / 9p. */
export const limaMountType: Rule = {
  setting: 'mountType',
  // Colima offers virtiofs only with VZ (macOS); Lima also on Linux (QEMU + virtiofsd).
  applies: (rt, _m, host) =>
    (isKind(rt, 'lima') || (isKind(rt, 'colima') && host.platform === 'darwin')) && ['sshfs', 'reverse-sshfs', '9p'].includes(text(rt, 'mountType') ?? ''),
  draft: (rt) => {
    const cur = text(rt, 'mountType') ?? '';
    return {
      current: cur,
      recommended: 'virtiofs',
      severity: text(rt, 'vmType') === 'vz' ? 'high' : 'medium',
      text: { evidence: [ev('ddev'), ev(cur === '9p' ? 'ninep' : 'vzVirtiofs')], risk: [msg('rule.limaMountType.risk'), ev('virtiofsCounter')] },
      apply: limaApply(rt, 'mountType', cur, 'virtiofs'),
    };
  },
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
