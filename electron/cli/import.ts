/** `vmbench import FILE... [--label NAME] [--json]`: stores runs another machine exported, one line per file. */
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { IMPORT_MAX_BYTES, type ImportFile, type ImportOutcome } from '../contract/contract.js';
import type { Engine } from '../engine/api.js';
import { errorText } from '../messages/error-text.js';
import { translator, type Lang } from '../messages/i18n.js';
import { call, CliError } from './commands.js';
import { print, printErr } from './output.js';
import { jsonText, terminalSafe } from '../presentation/terminal-safe.js';

/** At most the first IMPORT_MAX_BYTES + 1 bytes of a file: enough for the engine to refuse a larger one without reading it all. */
async function readBounded(path: string): Promise<string> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(IMPORT_MAX_BYTES + 1);
    let got = 0;
    for (;;) {
      const { bytesRead } = await fh.read(buf, got, buf.length - got, null);
      if (bytesRead === 0 || (got += bytesRead) >= buf.length) break;
    }
    return buf.subarray(0, got).toString('utf8');
  } finally {
    await fh.close();
  }
}

/** Imports each file; exit 0 when every file was imported or already there, 1 when any was refused. */
export async function cmdImport(engine: Engine, paths: string[], label: string | undefined, json: boolean, lang: Lang = 'en'): Promise<number> {
  const t = translator(lang);
  const files: ImportFile[] = [];
  for (const p of paths) {
    try {
      files.push({ name: basename(p), content: await readBounded(p) });
    } catch (err) {
      throw new CliError(t('cli:error.cannotRead', { file: p, why: (err as Error).message }), 1);
    }
  }
  const outcomes = await call<ImportOutcome[]>(engine, 'runs.import', files, ...(label !== undefined ? [{ machine: label }] : []));
  if (json) print(jsonText(outcomes) + '\n');
  else {
    for (const o of outcomes) {
      const file = terminalSafe(o.file);
      for (const r of o.imported) print(t('cli:import.imported', { file, id: r.id, machine: terminalSafe(r.origin?.machine ?? '') }) + '\n');
      for (const d of o.duplicates) print(t('cli:import.duplicate', { file, sourceId: terminalSafe(d.sourceId), existing: d.existing }) + '\n');
      if (o.error) printErr(t('cli:import.failed', { file, message: terminalSafe(errorText(o.error, lang)) }) + '\n');
    }
  }
  return outcomes.some((o) => o.error) ? 1 : 0;
}
