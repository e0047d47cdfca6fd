import type { Finding, RuntimeInfo } from '../../../contract/contract.js';
import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { lineDiff } from '../rule-kit/diff.js';
import { isKind, text } from '../rule-kit/types.js';
import { weighBy } from '../rule-kit/weigh.js';

/** Instance or profile name from a `lima:<name>` / `colima:<profile>` id. */
export function instanceName(rt: RuntimeInfo): string {
  return rt.id.slice(rt.id.indexOf(':') + 1) || 'default';
}

/** How to change one key of a Colima profile (its colima.yaml) or a Lima instance (`limactl edit --set`). */
export function limaApply(rt: RuntimeInfo, key: 'vmType' | 'mountType', from: string, to: string): NonNullable<Finding['apply']> {
  const name = instanceName(rt);
  if (isKind(rt, 'lima')) return { kind: 'command', argv: ['limactl', 'edit', name, '--set', `.${key} = "${to}"`] };
  const file = text(rt, 'settingsFile');
  if (file) return { kind: 'file', path: file, diff: lineDiff(file, rt.settingsSource?.[key] === 'default' ? [] : [`${key}: ${from}`], [`${key}: ${to}`]) };
  const flag = key === 'vmType' ? '--vm-type' : '--mount-type';
  return { kind: 'command', argv: ['colima', 'start', '--profile', name, flag, to] };
}

/** Colima and Lima on macOS: VZ instead of QEMU. */
export const limaVmType: Rule = {
  setting: 'vmType',
  applies: (rt, _m, host) => host.platform === 'darwin' && isKind(rt, 'colima', 'lima') && text(rt, 'vmType') === 'qemu',
  draft: (rt) => ({
    current: 'qemu',
    recommended: 'vz',
    severity: 'high',
    text: { evidence: [ev('vzVirtiofs'), ev('ddev')], risk: [msg('rule.limaVmType.risk')] },
    apply: limaApply(rt, 'vmType', 'qemu', 'vz'),
  }),
  weigh: weighBy('vmType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s' }),
};
