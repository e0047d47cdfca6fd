/** One mutated file's counts and score, as scripts/mutate.mjs prints them. */
export interface FileScore {
  file: string;
  killed: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  score: number;
}
/** Each file's counts from a Stryker JSON report and its score. */
export function fileScores(report: { files: Record<string, { mutants: { status: string }[] }> }): FileScore[];
