import { terminalSafe } from '../../presentation/terminal-safe.js';
import { makeRedactor } from '../report/redact.js';

/** A machine label as stored: control characters gone, one line, at most 80 characters, redacted like every export; null when empty. */
export function cleanMachineLabel(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const one = terminalSafe(raw).replace(/\s+/g, ' ').trim().slice(0, 80);
  const red = makeRedactor().text(one).trim();
  return red || null;
}
