/**
 * Imports run files exported by vmbench (`vmbench export --format json`, the app's JSON export): one run,
 * an array of runs, or `{"runs": [...]}`. A file is data only: it is size-limited, parsed, checked for
 * prototype keys, impossible numbers and control characters (import-check.ts), validated against the
 * stored run format, and each run is stored as a new file with an `imported` origin (never over another
 * file). The same run imported twice is recognised by its digest and not stored again.
 */
import { createHash } from 'node:crypto';
import { IMPORT_MAX_BYTES, type ImportFile, type ImportOptions, type ImportOutcome, type Run, type RunOrigin } from '../../contract/contract.js';
import { terminalSafe } from '../../presentation/terminal-safe.js';
import { EngineError, engineError } from '../util/errors.js';
import { cleanMachineLabel } from './machine-label.js';
import { neutralise } from './import-check.js';
import { checkRunData, type RunStore } from './run-store.js';
import { summarizeRun } from './summary.js';

/** Most runs one file may hold. */
const MAX_RUNS_PER_FILE = 200;

/** The digest that recognises a run imported again: sha256 of its canonical JSON without origin, name and note. */
export function runDigest(run: Run): string {
  const { origin: _o, name: _n, note: _t, ...rest } = run;
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canon(rest)))
    .digest('hex');
}

function importError(key: string, params: Record<string, string | number>): EngineError {
  return engineError('invalid-input', `errors.import.${key}`, params);
}

/** A run of a file and the machine label its exporter wrote beside it (`"machine"` in the run object), if any. */
export interface ImportedRun {
  run: Run;
  machine?: string;
}

/** The runs a file holds, checked; throws an EngineError (errors.import.*) naming the file and what is wrong. */
export function parseImportFile(file: ImportFile): ImportedRun[] {
  const name = terminalSafe(file.name).slice(0, 200) || '(unnamed)';
  const bytes = Buffer.byteLength(file.content);
  if (bytes > IMPORT_MAX_BYTES) throw importError('tooLarge', { name, maxMiB: IMPORT_MAX_BYTES / 1024 / 1024 });
  let data: unknown;
  try {
    data = JSON.parse(file.content.replace(/^\uFEFF/, ''));
  } catch {
    throw importError('notJson', { name });
  }
  const clean = neutralise(data);
  if (!clean.ok) throw importError(clean.problem.key, { name, ...clean.problem.params });
  const v = clean.value as { runs?: unknown } | unknown[];
  // Stryker disable next-line ConditionalExpression: typeof v === 'object' only skips reading .runs of a number, string or boolean, which is undefined (so [v], as when skipped).
  const list = Array.isArray(v) ? v : v && typeof v === 'object' && Array.isArray((v as { runs?: unknown }).runs) ? (v as { runs: unknown[] }).runs : [v];
  if (list.length === 0) throw importError('noRuns', { name });
  if (list.length > MAX_RUNS_PER_FILE) throw importError('tooMany', { name, max: MAX_RUNS_PER_FILE });
  return list.map((item, i) => {
    const checked = checkRunData(item);
    const machine = (item as { machine?: unknown })?.machine;
    if (checked.ok) return { run: checked.run, ...(typeof machine === 'string' ? { machine } : {}) };
    const where = list.length > 1 ? `${name} [${i + 1}]` : name;
    throw importError(checked.key, { name: where, ...checked.params });
  });
}

/** A fresh id for an imported run: `imported-` and its id on the other machine. */
function importedId(sourceId: string): string {
  return `imported-${sourceId.replace(/^imported-/, '').replace(/\.\.+/g, '_')}`.slice(0, 110);
}

/** Imports files into a store; one outcome per file, in order. Nothing already stored is changed. */
export async function importRuns(store: RunStore, files: ImportFile[], opts: ImportOptions = {}, now: Date = new Date()): Promise<ImportOutcome[]> {
  const stored = (await store.list()).full;
  const known = new Map<string, string>();
  for (const r of stored) {
    known.set(r.origin?.digest ?? runDigest(r), r.id);
    known.set(`${r.origin?.sourceId ?? r.id}\u0000${r.startedAt}`, r.id);
  }
  const out: ImportOutcome[] = [];
  for (const file of files) {
    const outcome: ImportOutcome = { file: terminalSafe(file.name), imported: [], duplicates: [] };
    let runs: ImportedRun[];
    try {
      runs = parseImportFile(file);
    } catch (err) {
      const e = err instanceof EngineError ? err : engineError('invalid-input', 'errors.import.notJson', { name: outcome.file });
      // Every refusal is an engineError, which has its reference.
      out.push({ ...outcome, error: { code: e.code, message: e.message, ref: e.ref } });
      continue;
    }
    for (const { run, machine: label } of runs) {
      const sourceId = run.origin?.sourceId ?? run.id;
      const digest = run.origin?.digest ?? runDigest(run);
      const existing = known.get(digest) ?? known.get(`${sourceId}\u0000${run.startedAt}`);
      if (existing) {
        outcome.duplicates.push({ sourceId, existing });
        continue;
      }
      const machine =
        cleanMachineLabel(opts.machine) ??
        cleanMachineLabel(label) ??
        cleanMachineLabel(run.origin?.machine) ??
        `${cleanMachineLabel(run.app.platform) ?? '?'} ${cleanMachineLabel(run.app.arch) ?? ''}`.trim();
      const origin: RunOrigin = { kind: 'imported', machine, importedAt: now.toISOString(), digest, sourceId };
      const saved = await store.create({ ...run, id: importedId(sourceId), origin });
      known.set(digest, saved.id);
      known.set(`${sourceId}\u0000${run.startedAt}`, saved.id);
      outcome.imported.push(summarizeRun(saved));
    }
    out.push(outcome);
  }
  return out;
}
