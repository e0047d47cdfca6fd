import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname } from 'node:path';
import { atomicWrite } from '../../util/atomic-write.js';
import { EngineError, engineError, engineMessage, stateRef, whyOf } from '../../util/errors.js';
import { run, SpawnError } from '../../util/exec.js';
import { findKind } from '../../runtimes/registry.js';
import type { ApplyPlan, ApplyResult, Finding, MsgRef, RuntimeInfo } from '../../../contract/contract.js';
import { backupDirFor, backupDirOf, writeBackup } from '../../apply-kit/backup.js';
import { sourceHashOf } from '../../apply-kit/types.js';
import { editText, fileEditFor, hasEdit, type FileEdit } from './file-edit.js';
import { APPLY_TIMEOUT_MS, checkSource, withNoteRefs, type ApplyOptions, type RestartOffer } from '../../apply-kit/types.js';
import { unifiedDiff } from '../../apply-kit/unified-diff.js';

function filePath(finding: Finding, opts: ApplyOptions): string {
  // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: unreachable: index.ts sends here only findings whose apply is a file; the check narrows the type.
  if (finding.apply?.kind !== 'file') throw new Error(`${finding.id} is not a file change`);
  const home = (opts.env ?? process.env).HOME || homedir();
  return finding.apply.path.replace(/^~(?=\/|$)/, home);
}

/** Refuses a file edit while a kind that rewrites its settings file as it runs (RuntimeKind.apply.fileEditWhenStopped: Docker Desktop) is not stopped. */
function guard(rt: RuntimeInfo): void {
  const refusal = findKind(rt.kind)?.apply?.fileEditWhenStopped;
  if (refusal && rt.state !== 'stopped') {
    throw engineError('invalid-input', refusal, { state: stateRef(rt.state) });
  }
}

/** The restart the change needs, from the runtime kind's own restart commands (shown; run only on its own confirmation). */
function restartFor(rt: RuntimeInfo): RestartOffer | undefined {
  const kind = findKind(rt.kind);
  const cmds = kind?.restartArgv?.(rt);
  if (!cmds?.length) return undefined;
  // Stryker disable next-line StringLiteral,OptionalChaining: cmds came from this kind, and every kind with restart commands (vagrant, lima, colima) has an apply entry naming its own why; the fallback is for a kind added later.
  const { message: why, messageRef: whyRef } = engineMessage(kind?.apply?.restartWhy ?? 'errors.restartWhy.other');
  return { argv: cmds.flatMap((c, i) => (i ? ['&&', ...c] : c)), why, whyRef };
}

/** The plan for a file finding: a real diff of the current file against the edited content. */
export async function planFile(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan> {
  const path = filePath(finding, opts);
  const edit = fileEditFor(finding, rt);
  const notes: { message: string; messageRef?: MsgRef }[] = [];
  try {
    guard(rt);
  } catch (err) {
    // guard throws an EngineError only.
    const refusal = err as EngineError;
    notes.push({ message: refusal.message, messageRef: refusal.ref });
  }
  const before = await readFile(path, 'utf8');
  return {
    findingId: finding.id,
    runtimeId: rt.id,
    kind: 'file',
    path,
    diff: unifiedDiff(path, before, editText(before, edit)) || '(no change: the file already has this value)',
    backupDir: backupDirFor(opts.dataDir, finding.id, opts.now),
    restart: restartFor(rt),
    ...withNoteRefs(notes),
    sourceHash: sourceHashOf(before),
  };
}

/** A failure inside applyFile's check after the write: caught there, which puts the file back and quotes its message. */
function failure(key: string, params: MsgRef['params']): EngineError {
  // Stryker disable next-line StringLiteral: applyFile catches this error and reads only its message and reference, never its code
  return engineError('internal', key, params);
}

/** Applies a file finding: copy to the backup folder, edit, re-read and check; on failure writes the copy back. */
export async function applyFile(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult> {
  guard(rt);
  const path = filePath(finding, opts);
  const edit = fileEditFor(finding, rt);
  const dir = backupDirOf(opts, finding.id);
  const before = await readFile(path, 'utf8');
  checkSource(path, before, opts);
  const backup = await writeBackup(dir, basename(path), before);
  const after = editText(before, edit);
  try {
    await atomicWrite(path, after);
    await opts.afterChange?.();
    if (!hasEdit(await readFile(path, 'utf8'), edit)) throw failure('errors.apply.notHeld', { path });
    await validate(path, edit, opts);
  } catch (err) {
    const why = whyOf(err);
    try {
      await atomicWrite(path, before);
    } catch (e2) {
      return {
        findingId: finding.id,
        ok: false,
        rolledBack: false,
        backupDir: dir,
        ...engineMessage('errors.apply.restoreFailed', { why, backup, error: (e2 as Error).message }),
      };
    }
    return { findingId: finding.id, ok: false, rolledBack: true, backupDir: dir, ...engineMessage('errors.apply.fileRestored', { why, path, backup }) };
  }
  const done = engineMessage('errors.apply.done', { where: path, setting: finding.setting, value: String(finding.recommended), backup });
  return { findingId: finding.id, ok: true, rolledBack: false, backupDir: dir, ...done, restart: restartFor(rt) };
}

/** vagrant-libvirt's words when libvirtd does not answer: the edit was not judged, so say what to start. */
const LIBVIRT_DOWN = /Error while connecting to Libvirt|virConnectOpen failed/;

/** After a Vagrantfile edit: `vagrant validate` in its folder where vagrant is installed (a failure restores the backup). */
async function validate(path: string, edit: FileEdit, opts: ApplyOptions): Promise<void> {
  if (edit.format !== 'vagrantfile') return;
  try {
    await run('vagrant', ['validate'], {
      cwd: dirname(path),
      env: { ...(opts.env ?? process.env), VAGRANT_CWD: dirname(path) },
      timeoutMs: APPLY_TIMEOUT_MS,
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof SpawnError && err.code === 'not-found') return;
    const tail = err instanceof SpawnError ? err.stderrTail.trim() : (err as Error).message;
    if (LIBVIRT_DOWN.test(tail)) {
      throw failure('errors.apply.validateNoLibvirt', { type: edit.type, tail });
    }
    throw failure('errors.apply.validateRejected', { tail: tail || 'no message' });
  }
}
