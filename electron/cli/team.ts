/** `vmbench team RUN... [--format md|csv] [--json] [--out FILE]`: the team table of local and imported runs. */
import type { TeamTable } from '../contract/contract.js';
import type { Engine } from '../engine/api.js';
import type { Lang } from '../messages/i18n.js';
import { call, writeOutput } from './commands.js';
import { print } from './output.js';
import { jsonText, terminalSafe } from '../presentation/terminal-safe.js';

/** Prints (or writes) the team table as Markdown (default), CSV or JSON. */
export async function cmdTeam(engine: Engine, ids: string[], format: 'md' | 'csv', json: boolean, out: string | undefined, lang: Lang = 'en'): Promise<number> {
  if (json) {
    print(jsonText(await call<TeamTable>(engine, 'runs.team', ids)) + '\n');
    return 0;
  }
  const res = await call<{ content: string }>(engine, 'runs.teamExport', ids, format, lang);
  if (out) await writeOutput(out, res.content);
  else print(terminalSafe(res.content));
  return 0;
}
