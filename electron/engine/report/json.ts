/** JSON export: the stored run format, redacted and pretty-printed, with the unstable numbers (electron/presentation/unstable.ts) stated beside it. */
import type { Run } from '../../contract/contract.js';
import { unstableReport } from '../../presentation/unstable.js';
import { redactRun, type RedactContext } from './redact.js';

/** A run as pretty JSON (two-space indent, trailing newline), redacted; `unstable` is derived (a stored run does not keep it; import drops it). */
export function runToJson(run: Run, ctx?: RedactContext): string {
  const redacted = redactRun(run, ctx);
  return `${JSON.stringify({ ...redacted, unstable: unstableReport(redacted) }, null, 2)}\n`;
}
