import { sourceHashOf } from '../plan-book.js';
import type { ApplyPlan, ApplyResult, Finding, RuntimeInfo } from '../../../shared/contract.js';
import { applyCommand, planCommand } from './command-apply.js';
import { applyFile, planFile } from './file-apply.js';
import { applyLibvirt, planLibvirt } from './libvirt-apply.js';
import type { ApplyOptions } from './types.js';
import { engineMessage } from '../../errors.js';
import { withNoteRefs } from './types.js';

export type { ApplyOptions } from './types.js';

/** One way to plan and apply a finding's change. */
interface Applier {
  plan(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan>;
  apply(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult>;
}

/** Runtime kinds that change their settings their own way, whatever the finding's apply kind (libvirt: the domain XML through virsh). */
const BY_RUNTIME_KIND: Readonly<Record<string, Applier>> = {
  libvirt: { plan: planLibvirt, apply: applyLibvirt },
};

/** Every other runtime: a file edit or a command, as the finding says. */
const BY_APPLY_KIND = {
  file: { plan: planFile, apply: applyFile },
  command: { plan: planCommand, apply: applyCommand },
} satisfies Record<string, Applier>;

function applierFor(rt: RuntimeInfo, applyKind: string): Applier {
  return Object.hasOwn(BY_RUNTIME_KIND, rt.kind) ? BY_RUNTIME_KIND[rt.kind] : applyKind === 'file' ? BY_APPLY_KIND.file : BY_APPLY_KIND.command;
}

/** Describes exactly what applying a finding will change (for the confirmation); changes nothing. */
export async function planApply(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan> {
  const a = finding.apply;
  if (!a) throw new Error(`${finding.id} has nothing to apply`);
  if (a.kind === 'steps') return { findingId: finding.id, runtimeId: rt.id, kind: 'steps', steps: a.steps, ...withNoteRefs([engineMessage('errors.note.steps')]), sourceHash: sourceHashOf(a.steps.join('\n')) };
  return applierFor(rt, a.kind).plan(finding, rt, opts);
}

/** Applies a finding the user confirmed: backup, change, verify; a failed change restores the backup. */
export async function applyFinding(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult> {
  const a = finding.apply;
  if (!a) throw new Error(`${finding.id} has nothing to apply`);
  if (a.kind === 'steps') return { findingId: finding.id, ok: true, rolledBack: false, ...engineMessage('errors.apply.steps'), steps: a.steps };
  return applierFor(rt, a.kind).apply(finding, rt, opts);
}
