import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { atomicWrite } from '../../util/atomic-write.js';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ApplyPlan, ApplyResult, Finding, RuntimeInfo } from '../../../shared/contract.js';
import { run } from '../../util/exec.js';
import { msg } from '../../../shared/finding-text.js';
import { engineError, engineMessage } from '../../errors.js';
import { sourceHashOf } from '../plan-book.js';
import { backupDirFor, backupDirOf, writeBackup } from './backup.js';
import { APPLY_TIMEOUT_MS, withNoteRefs, type ApplyOptions } from './types.js';

/** Programs a command finding may run (anything else is refused). */
const ALLOWED = ['rdctl', 'limactl', 'colima'];

function argvOf(finding: Finding): string[] {
  if (finding.apply?.kind !== 'command') throw new Error(`${finding.id} is not a command`);
  const argv = finding.apply.argv;
  if (!ALLOWED.includes(argv[0] ?? '')) throw engineError('invalid-input', 'errors.commandNotRun', { id: finding.id, program: argv[0] || 'an empty command' });
  return argv;
}

/** The plan for a command finding: the exact argv, and what is backed up first. */
export async function planCommand(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyPlan> {
  const argv = argvOf(finding);
  const backupCmd = argv[0] === 'rdctl' ? ['rdctl', 'list-settings'] : undefined;
  return {
    findingId: finding.id,
    runtimeId: rt.id,
    kind: 'command',
    argv: backupCmd ? [backupCmd, argv] : [argv],
    backupDir: backupDirFor(opts.dataDir, finding.id, opts.now),
    ...withNoteRefs(argv[0] === 'rdctl' ? [engineMessage('errors.note.rancherRestart')] : []),
    // The setting as detected now and the command: a different current value means a different change.
    sourceHash: sourceHashOf(JSON.stringify({ argv, current: finding.current ?? null })),
  };
}

/** Runs a command finding after backing up the settings it changes (rdctl list-settings / lima.yaml). */
export async function applyCommand(finding: Finding, rt: RuntimeInfo, opts: ApplyOptions): Promise<ApplyResult> {
  const argv = argvOf(finding);
  const env = opts.env;
  const dir = backupDirOf(opts, finding.id);
  let backup: string | undefined;
  let before: unknown;
  let yamlPath: string | undefined;
  let yamlText: string | undefined;
  if (argv[0] === 'rdctl') {
    const list = await run('rdctl', ['list-settings'], { timeoutMs: APPLY_TIMEOUT_MS, signal: opts.signal, env });
    before = JSON.parse(list.stdout);
    backup = await writeBackup(dir, 'rdctl-list-settings.json', list.stdout);
  } else if (argv[0] === 'limactl') {
    const e = env ?? process.env;
    const yaml = join(e.LIMA_HOME || join(e.HOME || homedir(), '.lima'), argv[2] ?? 'default', 'lima.yaml');
    if (existsSync(yaml)) {
      yamlPath = yaml;
      yamlText = await readFile(yaml, 'utf8');
      backup = await writeBackup(dir, 'lima.yaml', yamlText);
    }
  }
  const r = await run(argv[0], argv.slice(1), { timeoutMs: APPLY_TIMEOUT_MS, signal: opts.signal, env, allowFailure: true });
  if (r.exitCode !== 0) {
    const tail = r.stderr.trim().split('\n').slice(-2).join(' ');
    // A failed command may have changed part of it: put the backed-up values back.
    let rolledBack = false;
    if (argv[0] === 'rdctl' && before !== undefined) {
      const restore = rdctlRestoreArgs(argv, before);
      rolledBack = restore.length > 0 && (await run('rdctl', ['set', ...restore], { timeoutMs: APPLY_TIMEOUT_MS, env, allowFailure: true })).exitCode === 0;
    } else if (yamlPath && yamlText !== undefined) {
      if ((await readFile(yamlPath, 'utf8').catch(() => '')) !== yamlText) await atomicWrite(yamlPath, yamlText);
      rolledBack = true;
    }
    const failed = engineMessage('errors.apply.commandFailed', {
      command: argv.join(' '),
      code: r.exitCode ?? '?',
      detail: tail ? msg('errors.apply.detail', { tail }) : '',
      what: msg(rolledBack ? 'errors.apply.putBack' : 'errors.apply.notPutBack'),
      backup: backup ? msg('errors.apply.backupNote', { file: backup }) : '',
    });
    return { findingId: finding.id, ok: false, rolledBack, backupDir: backup ? dir : undefined, ...failed };
  }
  const done = engineMessage('errors.apply.commandDone', { command: argv.join(' '), backup: backup ? msg('errors.apply.previousNote', { file: backup }) : '' });
  return { findingId: finding.id, ok: true, rolledBack: false, backupDir: backup ? dir : undefined, ...done };
}

/** `rdctl set` arguments that restore the values a failed `rdctl set --a.b value ...` may have changed, from the backed-up list-settings JSON. */
export function rdctlRestoreArgs(argv: string[], settings: unknown): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (!flag.startsWith('--') || argv[i + 1] === undefined) continue;
    const path = flag.slice(2).split('.').map((seg) => seg.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
    let v: unknown = settings;
    for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
    if (v !== undefined && v !== null && typeof v !== 'object') out.push(flag, String(v));
    i++;
  }
  return out;
}
