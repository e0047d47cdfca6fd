/** One test file's time and result, as scripts/slowest-tests.mjs reads it. */
export interface FileTiming {
  file: string;
  seconds: number;
  status: string;
  /** True when only vitest's JSON report (its tests' time, no hooks) was there. */
  testsOnly: boolean;
}
/** The files of the reports, slowest first. */
export function slowestFiles(reports: string[]): FileTiming[];
/** Prints the n slowest files and the sum of all files' times. */
export function printSlowest(reports: string[], n?: number): void;
