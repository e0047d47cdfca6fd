/** JSON export: the stored run format, redacted and pretty-printed. */
import type { Run } from '../../shared/contract.js';
import { redactRun, type RedactContext } from './redact.js';

/** A run as pretty JSON (two-space indent, trailing newline), redacted. */
export function runToJson(run: Run, ctx?: RedactContext): string {
  return `${JSON.stringify(redactRun(run, ctx), null, 2)}\n`;
}
