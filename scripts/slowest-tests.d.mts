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
/** A test that did not pass, with the first lines of its failure. */
export interface FailedTest {
  file: string;
  title: string;
  message: string;
}
/** The tests that did not pass in the reports (a file that failed outside its tests: title "(the file itself)"). */
export function failedTests(reports: string[], lines?: number): FailedTest[];
/** Prints each failed test with the first lines of its failure. */
export function printFailures(reports: string[]): void;
