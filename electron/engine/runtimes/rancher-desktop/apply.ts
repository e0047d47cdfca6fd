/** How a Rancher Desktop setting is changed safely by `rdctl set`: `rdctl list-settings` is backed up first, and the old values are set again when it fails. */
import { run } from '../../util/exec.js';
import { writeBackup } from '../../apply-kit/backup.js';
import { APPLY_TIMEOUT_MS, type CommandProgram } from '../../apply-kit/types.js';

/** rdctl as a program of command findings (RuntimeKind.apply.commands). */
export const RDCTL_COMMAND: CommandProgram = {
  planBackup: ['rdctl', 'list-settings'],
  planNote: 'errors.note.rancherRestart',
  async backup(argv, { dir, env, signal }) {
    const list = await run('rdctl', ['list-settings'], { timeoutMs: APPLY_TIMEOUT_MS, signal, env });
    const before: unknown = JSON.parse(list.stdout);
    const file = await writeBackup(dir, 'rdctl-list-settings.json', list.stdout);
    return {
      file,
      async restore() {
        const restore = rdctlRestoreArgs(argv, before);
        return restore.length > 0 && (await run('rdctl', ['set', ...restore], { timeoutMs: APPLY_TIMEOUT_MS, env, allowFailure: true })).exitCode === 0;
      },
    };
  },
};

/** `rdctl set` arguments that restore the values a failed `rdctl set --a.b value ...` may have changed, from the backed-up list-settings JSON. */
export function rdctlRestoreArgs(argv: string[], settings: unknown): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (!flag.startsWith('--') || argv[i + 1] === undefined) continue;
    const path = flag
      .slice(2)
      .split('.')
      .map((seg) => seg.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
    let v: unknown = settings;
    for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
    if (v !== undefined && v !== null && typeof v !== 'object') out.push(flag, String(v));
    i++;
  }
  return out;
}
