/**
 * "Your own command" in the start view: the form's fields, what is remembered of them per project folder (local storage), their
 * check before a run, the run request (the same RunSpec.command `vmbench run --command` sends), and running a stored run's command
 * again: an imported run's command runs only once the user has confirmed that exact text, and only in a project folder of theirs.
 */
import { create } from 'zustand';
import type { CommandSpec, Place, Run, RunSpec } from '../../electron/contract/contract.js';
import { commandText } from '../../electron/presentation/command-line.js';
import { MAX_TRIALS_LIMIT } from '../../electron/measurement/plan-estimate.js';

/** The fields as typed (numbers as text, so a half-typed value stays as it is). */
export interface CommandFields {
  project: string;
  command: string;
  prepare: string;
  /** Run untimed after every run (as `--cleanup`). */
  cleanup: string;
  /** Paths inside the project left out of the scratch copy, separated by commas (as `--exclude`, once each). */
  exclude: string;
  /** Warm-up runs ("" = the engine's default, 1). */
  warmup: string;
  /** A fixed number of timed runs ("" = adaptive: at least 3, until ±5%). */
  runs: string;
  /** Run in the project folder itself (asked for with a confirmation first); default a scratch copy. */
  inPlace: boolean;
  /** Places the user left out (native never is: it is the baseline). */
  skipPlaces: Place[];
}

/** A field's problem, as a key of the ui catalogue (`command.error.<key>`). */
export type CommandProblem = { field: keyof CommandFields; key: string; params?: Record<string, string | number> };

/** The fields of a new project: empty command, one warm-up, adaptive runs, a scratch copy, every place. */
export const EMPTY_FIELDS: CommandFields = {
  project: '',
  command: '',
  prepare: '',
  cleanup: '',
  exclude: '',
  warmup: '',
  runs: '',
  inPlace: false,
  skipPlaces: [],
};

const STORAGE_KEY = 'vmbench.command';
/** Project folders remembered at most (the latest kept). */
const MAX_REMEMBERED = 20;

interface Remembered {
  last?: string;
  byProject: Record<string, Omit<CommandFields, 'project'>>;
}

function readRemembered(): Remembered {
  try {
    const raw = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? 'null') as Partial<Remembered> | null;
    if (!raw || typeof raw !== 'object' || typeof raw.byProject !== 'object' || raw.byProject === null) return { byProject: {} };
    return { last: typeof raw.last === 'string' ? raw.last : undefined, byProject: raw.byProject };
  } catch {
    return { byProject: {} };
  }
}

function stripProject(f: CommandFields): Omit<CommandFields, 'project'> {
  const { project: _p, ...rest } = f;
  return rest;
}

/** Remembers the fields under their project folder (and that folder as the last one used). */
export function remember(f: CommandFields): void {
  const project = f.project.trim();
  if (!project) return;
  const r = readRemembered();
  const byProject = { ...r.byProject };
  delete byProject[project];
  byProject[project] = stripProject(f);
  const keep = Object.keys(byProject).slice(-MAX_REMEMBERED);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify({ last: project, byProject: Object.fromEntries(keep.map((k) => [k, byProject[k]])) }));
  } catch {
    // Storage unavailable (private mode): remembered for this session only.
  }
}

/** The fields to start with: the last project folder used, with what was used there. */
export function initialFields(): CommandFields {
  const r = readRemembered();
  const last = r.last && r.byProject[r.last] ? r.last : undefined;
  return last ? { ...EMPTY_FIELDS, ...r.byProject[last], project: last } : { ...EMPTY_FIELDS };
}

/** The form's state. */
export interface CommandFormState {
  fields: CommandFields;
  /** Problems of the last check (shown beside their fields). */
  problems: CommandProblem[];
  /** The engine's refusal of the last start (its message in the UI's language is shown under the form). */
  refusal: unknown;
  set(patch: Partial<CommandFields>): void;
}

/** The form's store (apart from the app store: only the start view and a re-run use it). */
export const useCommandForm = create<CommandFormState>()((set, get) => ({
  fields: initialFields(),
  problems: [],
  refusal: null,
  set: (patch) => {
    const fields = { ...get().fields, ...patch };
    // A folder used before brings back what was used there.
    if (patch.project !== undefined && patch.project.trim() !== get().fields.project.trim()) {
      const before = readRemembered().byProject[patch.project.trim()];
      if (before) Object.assign(fields, EMPTY_FIELDS, before, { project: patch.project });
    }
    set({ fields, problems: get().problems.filter((p) => !(p.field in patch)), refusal: null });
  },
}));

/** A whole number typed in a field, within bounds; undefined for "", null for anything else. */
function whole(raw: string, min: number, max: number): number | undefined | null {
  const s = raw.trim();
  if (!s) return undefined;
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

/** The paths typed in the exclusions field: separated by commas, trimmed, without a trailing slash (as the CLI keeps them). */
export function excludedPaths(raw: string): string[] {
  return raw
    .split(',')
    .map((x) => x.trim().replace(/(.)\/+$/, '$1'))
    .filter(Boolean);
}

/** The fields checked: the command spec to send, or what is wrong with them (an empty command, a relative path, a bad number). */
export function checkFields(f: CommandFields): { ok: true; spec: CommandSpec } | { ok: false; problems: CommandProblem[] } {
  const problems: CommandProblem[] = [];
  const project = f.project.trim().replace(/(.)\/+$/, '$1');
  if (!project) problems.push({ field: 'project', key: 'projectEmpty' });
  else if (!project.startsWith('/')) problems.push({ field: 'project', key: 'projectRelative', params: { path: project } });
  if (!f.command.trim()) problems.push({ field: 'command', key: 'commandEmpty' });
  const exclude = excludedPaths(f.exclude);
  const outside = exclude.find((x) => x.startsWith('/') || x.split('/').includes('..'));
  if (outside) problems.push({ field: 'exclude', key: 'excludeOutside', params: { path: outside } });
  const warmup = whole(f.warmup, 0, 100);
  if (warmup === null) problems.push({ field: 'warmup', key: 'number', params: { min: 0, max: 100 } });
  const runs = whole(f.runs, 1, MAX_TRIALS_LIMIT);
  if (runs === null) problems.push({ field: 'runs', key: 'number', params: { min: 1, max: MAX_TRIALS_LIMIT } });
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    spec: {
      command: f.command,
      project,
      ...(f.prepare.trim() ? { prepare: f.prepare } : {}),
      ...(f.cleanup.trim() ? { cleanup: f.cleanup } : {}),
      ...(warmup !== undefined && warmup !== null ? { warmup } : {}),
      ...(runs !== undefined && runs !== null ? { runs } : {}),
      ...(f.inPlace ? { inPlace: true } : {}),
      ...(exclude.length ? { exclude } : {}),
    },
  };
}

/** The run request of a command: the selected targets, the places kept (all offered: none named), the command test alone. */
export function commandRunSpec(command: CommandSpec, targets: string[], offered: Place[], skip: readonly Place[]): RunSpec {
  const places = offered.filter((p) => p === 'native' || !skip.includes(p));
  return { suite: 'quick', targets, command, ...(places.length < offered.length ? { places } : {}) };
}

/** Why a stored run's command cannot run again as it is: none recorded, an imported one not confirmed, or no project folder of the user's. */
export type RerunRefusal = 'none' | 'confirm' | 'project';

/**
 * The command spec to run a stored run's command again. This machine's run: as it was asked. An imported run: only when `confirmed`
 * is exactly its command's text (the user typed or pasted it after reading it), in `project`, a folder of the user's (an exported
 * run's own project is a placeholder), without its prepare and cleanup steps (text the user did not confirm).
 */
export function rerunSpec(
  run: Pick<Run, 'command' | 'targets' | 'origin'>,
  opts: { confirmed?: string; project?: string } = {},
): { ok: true; spec: CommandSpec } | { ok: false; why: RerunRefusal } {
  const text = commandText(run);
  if (!text) return { ok: false, why: 'none' };
  if (!run.origin && run.command?.project?.startsWith('/')) return { ok: true, spec: run.command };
  if (run.origin && opts.confirmed !== text) return { ok: false, why: 'confirm' };
  const project = opts.project?.trim();
  if (!project?.startsWith('/')) return { ok: false, why: 'project' };
  return {
    ok: true,
    spec: {
      command: text,
      project,
      ...(run.command?.runs ? { runs: run.command.runs } : {}),
      ...(run.command?.warmup !== undefined ? { warmup: run.command.warmup } : {}),
    },
  };
}
