import { sourceHashOf } from '../plan-book.js';
import type { ApplyPlan, ApplyResult, Finding, RuntimeInfo } from '../../../contract.js';
import { applyCommand, planCommand } from './command-apply.js';
import { applyFile, planFile } from './file-apply.js';
import { applyLibvirt, planLibvirt } from './libvirt-apply.js';
import type { ApplyOptions } from './types.js';
import { engineMessage } from '../../errors.js';
import { withNoteRefs } from './types.js';

export type { ApplyOptions } from './types.js';

/** Describes exactly what applying a finding will change (for the confirmation); changes nothing. */
export async function planApply(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan> {
  const a = finding.apply;
  if (!a) throw new Error(`${finding.id} has nothing to apply`);
  if (a.kind === 'steps') return { findingId: finding.id, runtimeId: rt.id, kind: 'steps', steps: a.steps, ...withNoteRefs([engineMessage('errors.note.steps')]), sourceHash: sourceHashOf(a.steps.join('\n')) };
  if (rt.kind === 'libvirt') return planLibvirt(finding, rt, opts);
  if (a.kind === 'file') return planFile(finding, rt, opts);
  return planCommand(finding, rt, opts);
}

/** Applies a finding the user confirmed: backup, change, verify; a failed change restores the backup. */
export async function applyFinding(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult> {
  const a = finding.apply;
  if (!a) throw new Error(`${finding.id} has nothing to apply`);
  if (a.kind === 'steps') return { findingId: finding.id, ok: true, rolledBack: false, ...engineMessage('errors.apply.steps'), steps: a.steps };
  if (rt.kind === 'libvirt') return applyLibvirt(finding, rt, opts);
  if (a.kind === 'file') return applyFile(finding, rt, opts);
  return applyCommand(finding, rt, opts);
}
