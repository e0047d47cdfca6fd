import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { SCHEMA_VERSION, type Run, type RunAnnotation, type RunList, type RunSummary, type SkippedRunFile as Skipped } from '../../contract/contract.js';
import { EngineError, engineError, engineMessage } from '../util/errors.js';
import { atomicWrite, syncDir } from '../util/atomic-write.js';
import { runFileSchema, runIdSchema } from './run-schema.js';
import { withStatus } from '../../contract/run-status.js';
import { summarizeRun } from './summary.js';
import { cleanMachineLabel } from './machine-label.js';

/** Run history on disk: one JSON file per run, written atomically, with a schema version. */
export class RunStore {
  readonly dir: string;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'runs');
  }

  /** Writes a run: temp file, fsync, rename, fsync of the folder — a crash leaves the old state or the new one. */
  async save(run: Run): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, `${runIdSchema.parse(run.id)}.json`);
    await atomicWrite(file, JSON.stringify(run, null, 2) + '\n', { mode: 0o600 });
    return file;
  }

  /**
   * Stores a new run under its id, never over another file: if a run with that id appeared meanwhile (another
   * store on the same folder), the next free id (-2, -3, …) is taken. Written by the atomic writer in its
   * exclusive mode (temp file, fsync, hard link: a link fails where a rename would replace). Returns the run as stored.
   */
  async create(run: Run): Promise<Run> {
    await mkdir(this.dir, { recursive: true });
    const base = runIdSchema.parse(run.id);
    // Stryker disable next-line EqualityOperator,ConditionalExpression: the cap is reached only when 1,000 stores raced for one id (newId already picked a free one); it stops an endless loop, its exact value is no behaviour.
    for (let i = 1; i <= 1000; i++) {
      const id = i === 1 ? base : `${base}-${i}`;
      const stored = { ...run, id };
      try {
        await atomicWrite(join(this.dir, `${id}.json`), JSON.stringify(stored, null, 2) + '\n', { mode: 0o600, exclusive: true });
        return stored;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    // Stryker disable next-line StringLiteral,ObjectLiteral: unreachable but by 1,000 stores racing for one id (see the cap above).
    throw engineError('internal', 'errors.noFreeRunId', { base, dir: this.dir });
  }

  /** Reads one run; a missing, corrupted or newer-schema file is an EngineError saying which. */
  async get(id: string): Promise<Run> {
    const safe = runIdSchema.safeParse(id);
    if (!safe.success) throw engineError('invalid-input', 'errors.badRunId', { id });
    let text: string;
    try {
      text = await readFile(join(this.dir, `${safe.data}.json`), 'utf8');
    } catch {
      throw engineError('not-found', 'errors.runNotFound', { id });
    }
    return parseRunFile(text, `${id}.json`);
  }

  /** Sets or removes (empty string) a run's name and note; the file is rewritten atomically with everything else kept. */
  async annotate(id: string, a: RunAnnotation): Promise<RunSummary> {
    const run = await this.get(id);
    if (a.machine !== undefined) {
      if (!run.origin) throw engineError('invalid-input', 'errors.import.notImported', { id });
      run.origin = { ...run.origin, machine: cleanMachineLabel(a.machine) ?? run.origin.machine };
    }
    for (const key of ['name', 'note'] as const) {
      const v = a[key];
      if (v === undefined) continue;
      if (v) run[key] = v;
      else delete run[key];
    }
    await this.save(run);
    return summarizeRun(run);
  }

  /** Deletes a run's file; a run that is not there is an EngineError (not-found). */
  async remove(id: string): Promise<void> {
    const safe = runIdSchema.safeParse(id);
    if (!safe.success) throw engineError('invalid-input', 'errors.badRunId', { id });
    try {
      await rm(join(this.dir, `${safe.data}.json`));
    } catch {
      throw engineError('not-found', 'errors.runNotFound', { id });
    }
    await syncDir(this.dir);
  }

  /** All readable runs, newest first; unreadable files are skipped with a warning each. */
  async list(): Promise<RunList & { full: Run[] }> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.json') && !n.startsWith('.'));
    } catch {
      return { runs: [], warnings: [], full: [] };
    }
    const skipped: Skipped[] = [];
    const full: Run[] = [];
    for (const name of names) {
      let text: string;
      try {
        text = await readFile(join(this.dir, name), 'utf8');
      } catch (err) {
        const { message, messageRef } = engineMessage('errors.store.unreadable', { name, error: (err as Error).message });
        skipped.push({ message, ref: messageRef });
        continue;
      }
      try {
        full.push(parseRunFile(text, name));
      } catch (err) {
        // parseRunFile turns every failure into an EngineError of the errors catalogue.
        const { message, ref } = err as EngineError;
        skipped.push({ message, ref });
      }
    }
    full.sort((a, b) => (a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : b.id.localeCompare(a.id)));
    const warnings = skipped.map((s) => s.message);
    return { runs: full.map(summarizeRun), warnings, ...(skipped.length ? { skipped } : {}), full };
  }

  /** A new run id from the start time and target ids, unique within the history. */
  async newId(startedAt: Date, targets: string[]): Promise<string> {
    const stamp = startedAt.toISOString().slice(0, 19).replace(/:/g, '-');
    const who = targets.length === 1 ? targets[0].replace(/[^A-Za-z0-9.-]/g, '_') : `${targets.length}-targets`;
    const base = `${stamp}-${who}`;
    // Stryker disable next-line ArrayDeclaration: a made-up name in place of an empty folder matches no id made here (each starts with a time stamp).
    const existing = new Set((await readdir(this.dir).catch(() => [] as string[])).map((n) => n.replace(/\.json$/, '')));
    if (!existing.has(base)) return base;
    for (let i = 2; ; i++) if (!existing.has(`${base}-${i}`)) return `${base}-${i}`;
  }
}

/** Parses and checks a stored run file's text; `name` is its file name (`<id>.json`, as get and list read it). */
export function parseRunFile(text: string, name: string): Run {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw engineError('corrupt', 'errors.store.notJson', { name });
  }
  const id = (data as { id?: unknown })?.id;
  const version = (data as { schemaVersion?: unknown })?.schemaVersion;
  if (typeof version === 'number' && version >= 1 && version <= SCHEMA_VERSION && id !== name.slice(0, -'.json'.length)) {
    throw engineError('corrupt', 'errors.store.idMismatch', { name, id: String(JSON.stringify(id)) });
  }
  const checked = checkRunData(data);
  if (!checked.ok) throw engineError('corrupt', `errors.store.${checked.key}`, { name, ...checked.params });
  return checked.run;
}

/** Why parsed data is not a run vmbench can read: a key shared by errors.store.* and errors.import.*, and its parameters. */
export type RunDataProblem = { key: 'newer' | 'badVersion' | 'badField'; params: Record<string, string | number> };

/** Checks parsed data against the stored run format (schema version, then shape); the run with its status filled in. */
export function checkRunData(data: unknown): { ok: true; run: Run } | ({ ok: false } & RunDataProblem) {
  const version = (data as { schemaVersion?: unknown })?.schemaVersion;
  if (typeof version === 'number' && version > SCHEMA_VERSION) return { ok: false, key: 'newer', params: { version } };
  if (typeof version !== 'number' || version < 1) return { ok: false, key: 'badVersion', params: { version: JSON.stringify(version ?? null) } };
  const parsed = runFileSchema.safeParse(data);
  if (!parsed.success) {
    // A numeric schemaVersion means the data is an object, so the first issue is always at a field.
    const issue = parsed.error.issues[0];
    return { ok: false, key: 'badField', params: { field: issue.path.join('.'), issue: issue.message.toLowerCase() } };
  }
  return { ok: true, run: withStatus(parsed.data as Run) };
}
