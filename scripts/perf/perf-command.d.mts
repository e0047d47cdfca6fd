/** The command both sides time, with its prepare step, warm-ups and runs (the app's flags and hyperfine's). */
export const COMMAND: { command: string; prepare: string; warmup: number; runs: number };
export const PROJECT_FILES: number;
export const PLACES: string[];
/** What the pairs time (command, options, project size): part of the ledger's key. */
export const WORKLOAD: string;
/** The times (s) of hyperfine's first benchmark from its --export-json text; throws without positive times or on a failed run. */
export function hyperfineTimes(text: string): number[];
/** hyperfine's version from `hyperfine --version`. */
export function hyperfineVersion(text: string): string;
/** hyperfine's argv for one by-hand run: --warmup, --runs, --prepare (when given), --export-json FILE, the command. */
export function hyperfineArgs(o: { command: string; prepare: string; warmup: number; runs: number }, jsonFile: string): string[];
/** The sh script of the by-hand loop in a container ($1 project, $2 new folder, $3 command, $4 prepare, $5 warm-ups, $6 runs). */
export const CONTAINER_TIMER: string;
/** Seconds of each run from CONTAINER_TIMER's output. */
export function timerSeconds(text: string): number[];
export function commandPerf(o?: { pairs?: number; places?: string[]; say?: (line: string) => void }): Promise<void>;
