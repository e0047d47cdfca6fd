import type { ApplyPlan, ApplyResult, Finding, RuntimeInfo } from '../../../contract/contract.js';
import { run, SpawnError } from '../../util/exec.js';
import { msg } from '../../../messages/finding-text.js';
import { engineError, engineMessage } from '../../util/errors.js';
import { sourceHashOf } from '../../apply-kit/types.js';
import { RUNTIME_KINDS } from '../../runtimes/registry.js';
import type { RuntimeKind } from '../../runtimes/support/types.js';
import { backupDirFor, backupDirOf } from '../../apply-kit/backup.js';
import { APPLY_TIMEOUT_MS, withNoteRefs, type ApplyOptions, type CommandProgram } from '../../apply-kit/types.js';

/** Programs a command finding may run (anything else is refused): those every kind declares (RuntimeKind.apply.commands), with their backups. */
function programOf(name: string): CommandProgram | undefined {
  for (const k of RUNTIME_KINDS as readonly RuntimeKind[]) {
    const commands = k.apply?.commands;
    if (commands && Object.hasOwn(commands, name)) return commands[name];
  }
  return undefined;
}

function argvOf(finding: Finding): { argv: string[]; program: CommandProgram } {
  // Stryker disable next-line ConditionalExpression,OptionalChaining,StringLiteral: unreachable: index.ts sends here only findings whose apply is a command (steps are answered there, files go to the file applier); the check narrows the type.
  if (finding.apply?.kind !== 'command') throw new Error(`${finding.id} is not a command`);
  const argv = finding.apply.argv;
  // Stryker disable next-line StringLiteral: any name no kind declares is refused alike (the message names argv[0] itself).
  const program = programOf(argv[0] ?? '');
  if (!program) throw engineError('invalid-input', 'errors.commandNotRun', { id: finding.id, program: argv[0] || 'an empty command' });
  return { argv, program };
}

/** The plan for a command finding: the exact argv, and what is backed up first. */
export async function planCommand(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan> {
  const { argv, program } = argvOf(finding);
  const backupCmd = program.planBackup ? [...program.planBackup] : undefined;
  return {
    findingId: finding.id,
    runtimeId: rt.id,
    kind: 'command',
    argv: backupCmd ? [backupCmd, argv] : [argv],
    backupDir: backupDirFor(opts.dataDir, finding.id, opts.now),
    ...withNoteRefs(program.planNote ? [engineMessage(program.planNote)] : []),
    // The setting as detected now and the command: a different current value means a different change.
    sourceHash: sourceHashOf(JSON.stringify({ argv, current: finding.current ?? null })),
  };
}

/** Why a command was stopped before it finished, as the key of its words (errors.apply.*). */
const STOPPED_REASON = { timeout: 'stoppedTimeout', cancelled: 'stoppedCancelled', failed: 'stoppedKilled' } as const;

/** Runs a command finding after backing up the settings it changes (its program's backup: rdctl list-settings / lima.yaml). */
export async function applyCommand(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult> {
  const { argv, program } = argvOf(finding);
  const env = opts.env;
  const dir = backupDirOf(opts, finding.id);
  const saved = await program.backup?.(argv, { dir, env, signal: opts.signal });
  const backup = saved?.file;
  let r: Awaited<ReturnType<typeof run>>;
  try {
    r = await run(argv[0], argv.slice(1), { timeoutMs: APPLY_TIMEOUT_MS, signal: opts.signal, env, allowFailure: true });
  } catch (e) {
    // Stopped before it finished (a time-out, a cancel, a signal): it may have changed part of it, so the backup goes back
    // as after a failure. A program that is not installed changed nothing: its error stands.
    if (!(e instanceof SpawnError) || e.code === 'not-found') throw e;
    const rolledBack = saved ? await saved.restore() : false;
    const stopped = engineMessage('errors.apply.commandStopped', {
      command: argv.join(' '),
      reason: msg(`errors.apply.${STOPPED_REASON[e.code]}`),
      what: msg(rolledBack ? 'errors.apply.putBack' : 'errors.apply.notPutBack'),
      backup: backup ? msg('errors.apply.backupNote', { file: backup }) : '',
    });
    return { findingId: finding.id, ok: false, rolledBack, backupDir: backup ? dir : undefined, ...stopped };
  }
  if (r.exitCode !== 0) {
    const tail = r.stderr.trim().split('\n').slice(-2).join(' ');
    // A failed command may have changed part of it: put the backed-up values back.
    const rolledBack = saved ? await saved.restore() : false;
    const failed = engineMessage('errors.apply.commandFailed', {
      command: argv.join(' '),
      code: r.exitCode,
      detail: tail ? msg('errors.apply.detail', { tail }) : '',
      what: msg(rolledBack ? 'errors.apply.putBack' : 'errors.apply.notPutBack'),
      backup: backup ? msg('errors.apply.backupNote', { file: backup }) : '',
    });
    return { findingId: finding.id, ok: false, rolledBack, backupDir: backup ? dir : undefined, ...failed };
  }
  const done = engineMessage('errors.apply.commandDone', { command: argv.join(' '), backup: backup ? msg('errors.apply.previousNote', { file: backup }) : '' });
  return { findingId: finding.id, ok: true, rolledBack: false, backupDir: backup ? dir : undefined, ...done };
}
