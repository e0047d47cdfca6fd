import { sourceHashOf } from '../../apply-kit/types.js';
import { findKind } from '../../runtimes/registry.js';
import type { ApplyPlan, ApplyResult, Finding, RuntimeInfo } from '../../../contract/contract.js';
import { applyCommand, planCommand } from './command-apply.js';
import { applyFile, planFile } from './file-apply.js';
import type { Applier, ApplyOptions } from '../../apply-kit/types.js';
import { engineMessage } from '../../util/errors.js';
import { withNoteRefs } from '../../apply-kit/types.js';

export type { ApplyOptions } from '../../apply-kit/types.js';

/** Every runtime whose kind has no applier of its own (RuntimeKind.apply.applier, e.g. libvirt's domain XML through virsh): a file edit or a command, as the finding says. */
const BY_APPLY_KIND = {
  file: { plan: planFile, apply: applyFile },
  command: { plan: planCommand, apply: applyCommand },
} satisfies Record<string, Applier>;

function applierFor(rt: RuntimeInfo, applyKind: string): Applier {
  return findKind(rt.kind)?.apply?.applier ?? (applyKind === 'file' ? BY_APPLY_KIND.file : BY_APPLY_KIND.command);
}

/** Describes exactly what applying a finding will change (for the confirmation); changes nothing. */
export async function planApply(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan> {
  const a = finding.apply;
  if (!a) throw new Error(`${finding.id} has nothing to apply`);
  if (a.kind === 'steps')
    return {
      findingId: finding.id,
      runtimeId: rt.id,
      kind: 'steps',
      steps: a.steps,
      ...withNoteRefs([engineMessage('errors.note.steps')]),
      sourceHash: sourceHashOf(a.steps.join('\n')),
    };
  return applierFor(rt, a.kind).plan(finding, rt, opts);
}

/** Applies a finding the user confirmed: backup, change, verify; a failed change restores the backup. */
export async function applyFinding(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult> {
  const a = finding.apply;
  if (!a) throw new Error(`${finding.id} has nothing to apply`);
  if (a.kind === 'steps') return { findingId: finding.id, ok: true, rolledBack: false, ...engineMessage('errors.apply.steps'), steps: a.steps };
  return applierFor(rt, a.kind).apply(finding, rt, opts);
}
