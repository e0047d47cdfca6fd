import { createInterface } from 'node:readline/promises';
import type { ApplyPlan, ApplyResult } from '../contract.js';
import type { Engine } from '../engine/api.js';
import { call, CliError } from './commands.js';
import { terminalSafe } from './terminal-safe.js';

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
    out: (t) => process.stdout.write(terminalSafe(t)),
    ask: async (q) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      try {
        return /^\s*y(es)?\s*$/i.test(await rl.question(q));
      } finally {
        rl.close();
      }
    },
  };
}

/** The plan as text: commands, diff, steps, backup folder, restart offer. */
export function formatPlan(p: ApplyPlan): string {
  const lines = [`Finding ${p.findingId} (${p.runtimeId})`];
  for (const argv of p.argv ?? []) lines.push(`  runs: ${argv.map((a) => (/^[A-Za-z0-9_./:=@,+-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`);
  if (p.diff) lines.push(`  changes ${p.path ?? ''}:`, ...p.diff.trimEnd().split('\n').map((l) => `    ${l}`));
  if (p.steps) lines.push('  steps (vmbench changes nothing):', ...p.steps.map((s, i) => `    ${i + 1}. ${s}`));
  if (p.backupDir) lines.push(`  backup: ${p.backupDir}`);
  if (p.restart) lines.push(`  afterwards (asked separately, not done now): ${p.restart.argv.join(' ')} — ${p.restart.why}`);
  for (const n of p.notes) lines.push(`  note: ${n}`);
  return terminalSafe(lines.join('\n') + '\n');
}

/** The result as text. */
export function formatResult(r: ApplyResult): string {
  const head = r.ok ? 'Applied' : r.rolledBack ? 'FAILED, backup restored' : 'FAILED';
  const lines = [`${head}: ${r.message}`];
  if (r.backupDir) lines.push(`  backup: ${r.backupDir}`);
  if (r.steps) lines.push(...r.steps.map((s, i) => `  ${i + 1}. ${s}`));
  if (r.restart) lines.push(`  To make it take effect: ${r.restart.argv.join(' ')} (${r.restart.why}) — not done by vmbench.`);
  if (r.rerun) {
    lines.push(`  Verify: vmbench run ${r.rerun.targets.map((t) => `--target ${t}`).join(' ')} --tests ${r.rerun.tests.join(',')}`);
    lines.push('  then: vmbench compare <run before> <run after>   (settings changed and metrics, with delta and %)');
  }
  return lines.join('\n') + '\n';
}

/** `vmbench apply ID [--yes]`: shows the plan, asks (unless --yes), applies; 0 ok, 1 failed, 2 refused without a TTY. */
export async function cmdApply(engine: Engine, findingId: string, opts: { yes: boolean; restart?: boolean; io?: ApplyIo }): Promise<number> {
  const io = opts.io ?? terminalIo();
  const plan = await call<ApplyPlan>(engine, 'advice.plan', findingId);
  io.out(formatPlan(plan));
  if (plan.kind === 'steps') return 0;
  if (!opts.yes) {
    if (!io.isTTY) throw new CliError('not applying without confirmation: no terminal to ask on; pass --yes to apply this change', 2);
    if (!(await io.ask('Apply this change? [y/N] '))) {
      io.out('Nothing changed.\n');
      return 0;
    }
  }
  const result = await call<ApplyResult>(engine, 'advice.apply', plan.planId ?? '');
  io.out(formatResult(result));
  if (!result.ok) return 1;
  // A restart is its own decision: --restart, or a second question on a terminal; never implied by --yes.
  const runtimeId = findingId.slice(0, findingId.lastIndexOf('/'));
  if (result.restart && (opts.restart || (io.isTTY && (await io.ask(`Restart ${runtimeId} now so the change takes effect? [y/N] `))))) {
    io.out(`Restarting ${runtimeId}…\n`);
    await call<{ restarted: boolean }>(engine, 'runtime.restart', result.restart.planId ?? '');
    io.out(`${runtimeId} restarted.\n`);
  }
  return 0;
}
