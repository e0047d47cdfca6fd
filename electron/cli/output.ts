/**
 * The CLI's one way to print. Everything on stdout and stderr goes through terminalSafe here, so no
 * name, guest message or typed argument reaches the terminal with its control sequences.
 */
import { terminalSafe } from '../presentation/terminal-safe.js';

/** Prints text on stdout as data (control sequences, control characters and bidi controls removed). */
export function print(text: string): void {
  process.stdout.write(terminalSafe(text));
}

/** Prints text on stderr as data (control sequences, control characters and bidi controls removed). */
export function printErr(text: string): void {
  process.stderr.write(terminalSafe(text));
}
