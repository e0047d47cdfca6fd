/**
 * A runtime's reason in a terminal: the sentence on its own line, and the raw output behind it (the
 * commands as they ran and what they printed) on indented lines under a "details:" heading, so the raw text
 * never reads as part of the sentence. The UI shows the same detail behind a "Details" toggle.
 */

/** The lines of one runtime's reason: "  <id>: <sentence>", then "    <details word>" and each line of the detail indented. */
export function reasonLines(id: string, sentence: string, detail: string | undefined, detailsWord: string): string[] {
  const lines = [`  ${id}: ${sentence}`];
  const raw = (detail ?? '').split(/\r?\n/).filter((l) => l.trim() !== '');
  if (raw.length) lines.push(`    ${detailsWord}`, ...raw.map((l) => `      ${l}`));
  return lines;
}
