import { createInterface } from 'node:readline/promises';
import type { ApplyPlan, ApplyResult } from '../contract/contract.js';
import type { Engine } from '../engine/api.js';
import { errorText, planNotes, restartWhy } from '../messages/error-text.js';
import { translator, type Lang } from '../messages/i18n.js';
import { call, CliError } from './commands.js';
import { print } from './output.js';
import { terminalSafe } from '../presentation/terminal-safe.js';

/** How `vmbench apply` talks to the user (replaceable in tests). */
export interface ApplyIo {
  isTTY: boolean;
  out: (text: string) => void;
  /** Asks a yes/no question on the terminal; true only for y/yes. */
  ask: (question: string) => Promise<boolean>;
}

/** The terminal: stdout, and a y/N question on stdin. */
export function terminalIo(): ApplyIo {
  return {
    isTTY: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    out: (t) => print(t),
    ask: async (q) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      try {
        return /^\s*y(es)?\s*$/i.test(await rl.question(terminalSafe(q)));
      } finally {
        rl.close();
      }
    },
  };
}

/** The plan as text in a language: commands, diff, steps, backup folder, restart offer. */
export function formatPlan(p: ApplyPlan, lang: Lang = 'en'): string {
  const t = translator(lang);
  const lines = [t('cli:apply.finding', { id: p.findingId, runtime: p.runtimeId })];
  for (const argv of p.argv ?? [])
    lines.push(`  ${t('cli:apply.runs', { command: argv.map((a) => (/^[A-Za-z0-9_./:=@,+-]+$/.test(a) ? a : JSON.stringify(a))).join(' ') })}`);
  if (p.diff)
    lines.push(
      `  ${t('cli:apply.changes', { path: p.path ?? '' })}`,
      ...p.diff
        .trimEnd()
        .split('\n')
        .map((l) => `    ${l}`),
    );
  if (p.steps) lines.push(`  ${t('cli:apply.steps')}`, ...p.steps.map((s, i) => `    ${i + 1}. ${s}`));
  if (p.backupDir) lines.push(`  ${t('cli:apply.backup', { dir: p.backupDir })}`);
  if (p.restart) lines.push(`  ${t('cli:apply.afterwards', { command: p.restart.argv.join(' '), why: restartWhy(p.restart, lang) })}`);
  for (const n of planNotes(p, lang)) lines.push(`  ${t('cli:apply.note', { text: n })}`);
  return terminalSafe(lines.join('\n') + '\n');
}

/** The result as text in a language. */
export function formatResult(r: ApplyResult, lang: Lang = 'en'): string {
  const t = translator(lang);
  const head = t(r.ok ? 'cli:apply.applied' : r.rolledBack ? 'cli:apply.failedRestored' : 'cli:apply.failed');
  const lines = [`${head}: ${errorText({ message: r.message, ref: r.messageRef }, lang)}`];
  if (r.backupDir) lines.push(`  ${t('cli:apply.backup', { dir: r.backupDir })}`);
  if (r.steps) lines.push(...r.steps.map((s, i) => `  ${i + 1}. ${s}`));
  if (r.restart) lines.push(`  ${t('cli:apply.takeEffect', { command: r.restart.argv.join(' '), why: restartWhy(r.restart, lang) })}`);
  if (r.rerun) {
    const command = `vmbench run ${r.rerun.targets.map((x) => `--target ${x}`).join(' ')} --tests ${r.rerun.tests.join(',')}`;
    lines.push(`  ${t('cli:apply.verify', { command })}`, `  ${t('cli:apply.then')}`);
  }
  return lines.join('\n') + '\n';
}

/** `vmbench apply ID [--yes]`: shows the plan, asks (unless --yes), applies; 0 ok, 1 failed, 2 refused without a TTY. */
export async function cmdApply(engine: Engine, findingId: string, opts: { yes: boolean; restart?: boolean; io?: ApplyIo; lang?: Lang }): Promise<number> {
  const lang = opts.lang ?? 'en';
  const t = translator(lang);
  const io = opts.io ?? terminalIo();
  const plan = await call<ApplyPlan>(engine, 'advice.plan', findingId);
  io.out(formatPlan(plan, lang));
  if (plan.kind === 'steps') return 0;
  if (!opts.yes) {
    if (!io.isTTY) throw new CliError(t('cli:apply.noTty'), 2);
    if (!(await io.ask(t('cli:apply.ask')))) {
      io.out(`${t('cli:apply.nothing')}\n`);
      return 0;
    }
  }
  const result = await call<ApplyResult>(engine, 'advice.apply', plan.planId ?? '');
  io.out(formatResult(result, lang));
  if (!result.ok) return 1;
  // A restart is its own decision: --restart, or a second question on a terminal; never implied by --yes.
  const runtimeId = findingId.slice(0, findingId.lastIndexOf('/'));
  if (result.restart && (opts.restart || (io.isTTY && (await io.ask(t('cli:apply.askRestart', { runtime: runtimeId })))))) {
    io.out(`${t('cli:apply.restarting', { runtime: runtimeId })}\n`);
    await call<{ restarted: boolean }>(engine, 'runtime.restart', result.restart.planId ?? '');
    io.out(`${t('cli:apply.restarted', { runtime: runtimeId })}\n`);
  }
  return 0;
}
