/** Import, cross-machine and team-table types of the contract (re-exported by contract.ts). */
import type { EnvelopeError, Place, RunSummary } from './contract-base.js';

/** Largest run file vmbench imports, in bytes (a thorough run of many targets is a few hundred KiB). */
export const IMPORT_MAX_BYTES = 4 * 1024 * 1024;

/** Where a stored run came from; absent on this machine's own runs. */
export interface RunOrigin {
  kind: 'imported';
  /** The machine's name as the user gave it ("M2 Air (design team)"), redacted and editable. */
  machine: string;
  importedAt: string;
  /** sha256 of the run as imported (without origin, name and note): the same run imported again is recognised. */
  digest: string;
  /** The run's id on the machine that made it. */
  sourceId: string;
}

/** A file to import: its name (for messages) and its text. */
export interface ImportFile {
  name: string;
  content: string;
}

/** Options of an import: the machine label to store the runs under (default: the label in the file, else one made from its platform). */
export interface ImportOptions {
  machine?: string;
}

/** What became of one imported file: the runs stored, the runs already in history, or why nothing was stored. */
export interface ImportOutcome {
  file: string;
  imported: RunSummary[];
  /** Runs of the file that history already holds, with the id they have there. */
  duplicates: { sourceId: string; existing: string }[];
  error?: EnvelopeError;
}

/** One row of a team table: one machine × runtime × place, its ratio to that machine's native per headline metric. */
export interface TeamRow {
  runId: string;
  /** "This machine" for local runs, else the imported run's machine label. */
  machine: string;
  imported: boolean;
  target: string;
  runtime: string;
  place: Place;
  /** The run's native baseline itself (electron/measurement/native-ratio.ts): its ratios are 1 by definition, its score null. */
  baseline: boolean;
  /** Headline metric -> place / native (geometric means of the trials) with its interval, null when either side is missing. */
  ratios: Record<string, { ratio: number; ci: [number, number] | null } | null>;
  /** Headline metric -> this place's median (what the baseline row shows). */
  medians: Record<string, number>;
  /** Geometric mean of the row's ratios (what "fastest" sorts by); null without any ratio. */
  score: number | null;
  settings: Record<string, unknown>;
}

/** A team table over N runs. */
export interface TeamTable {
  /** Headline metrics shown, in column order. */
  metrics: string[];
  rows: TeamRow[];
  /** Settings that differ between the best and the worst row (by score), for "what the fastest setup uses". */
  fastest: { best: number; worst: number; settings: { setting: string; best: unknown; worst: unknown }[] } | null;
  /** Level of each interval (1 − alpha / k, as Compare). */
  level: number;
}
