/**
 * `vmbench run --command 'CMD' --project DIR [--prepare 'CMD'] [--cleanup 'CMD'] [--warmup N] [--runs N] [--in-place] [--exclude PATH ...]`:
 * the options of the user's own command, checked here with a usage error (exit 2) that names what is wrong; the engine checks
 * them again at its boundary (api-schemas.ts) and that the project is a folder.
 */
import { resolve } from 'node:path';
import type { CommandSpec } from '../contract/contract.js';
import { translator, type Lang } from '../messages/i18n.js';
import { MAX_TRIALS_LIMIT } from '../measurement/plan-estimate.js';
import { CliError } from './commands.js';

/** The parsed options `run` passes on (strings as given; the booleans and lists as parseArgs gives them). */
export interface CommandOptions {
  command?: string;
  project?: string;
  prepare?: string;
  cleanup?: string;
  warmup?: string;
  runs?: string;
  'in-place'?: boolean;
  exclude?: string[];
  tests?: string;
  'max-trials'?: string;
}

/** Options that mean something only with --command. */
const WITH_COMMAND = ['project', 'prepare', 'cleanup', 'warmup', 'runs', 'in-place', 'exclude'] as const;

/** The command of a run, or undefined when --command is not given; a usage error for any option that does not fit. */
export function parseCommand(v: CommandOptions, lang: Lang): CommandSpec | undefined {
  const t = translator(lang);
  const usage = (key: string, params: Record<string, string | number> = {}): CliError => new CliError(t(`cli:error.command.${key}`, params), 2);
  if (v.command === undefined) {
    const stray = WITH_COMMAND.find((k) => v[k] !== undefined);
    if (stray) throw usage('needsCommand', { option: `--${stray}` });
    return undefined;
  }
  if (!v.command.trim()) throw usage('empty', { option: '--command' });
  if (v.project === undefined || !v.project.trim()) throw usage('needsProject');
  if (v.tests !== undefined) throw usage('withTests');
  if (v['max-trials'] !== undefined) throw usage('withMaxTrials');
  for (const k of ['prepare', 'cleanup'] as const) if (v[k] !== undefined && !v[k].trim()) throw usage('empty', { option: `--${k}` });
  const whole = (key: 'warmup' | 'runs', min: number, max: number): number | undefined => {
    const raw = v[key];
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || n < min || n > max) throw usage('badNumber', { option: `--${key}`, min, max, value: raw });
    return n;
  };
  const warmup = whole('warmup', 0, 100);
  const runs = whole('runs', 1, MAX_TRIALS_LIMIT);
  for (const x of v.exclude ?? []) if (!x || x.startsWith('/') || x.split('/').includes('..')) throw usage('badExclude', { value: x });
  return {
    command: v.command,
    project: resolve(v.project),
    ...(v.prepare !== undefined ? { prepare: v.prepare } : {}),
    ...(v.cleanup !== undefined ? { cleanup: v.cleanup } : {}),
    ...(warmup !== undefined ? { warmup } : {}),
    ...(runs !== undefined ? { runs } : {}),
    ...(v['in-place'] ? { inPlace: true } : {}),
    ...(v.exclude?.length ? { exclude: v.exclude.map((x) => x.replace(/\/+$/, '')) } : {}),
  };
}
