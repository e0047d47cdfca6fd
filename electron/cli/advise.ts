import type { DetectResult, Finding } from '../contract.js';
import type { Engine } from '../engine/api.js';
import { call } from './commands.js';
import { formatTable } from './table.js';

function show(v: unknown): string {
  return v === undefined || v === null ? '–' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The first sentence of a finding's evidence, for one table line. */
export function oneLine(evidence: string, max = 110): string {
  const first = evidence.split(/(?<=[.)])\s+(?=[A-Z])/)[0] ?? evidence;
  if (first.length <= max) return first;
  const source = /\((seed \d+)|\((ddev|paolomainardi)/.exec(first);
  const tag = source ? ` (${source[1] ?? source[2]})` : '';
  return `${first.slice(0, max - 1 - tag.length).trimEnd()}…${tag}`;
}

/** "×7.0 (yours)", "×1.15 (published)", "already fine (yours)" or "–". */
export function gainText(f: Pick<Finding, 'gain' | 'gainSource' | 'alreadyFine'>): string {
  if (f.alreadyFine) return 'already fine (yours)';
  if (f.gain === null || f.gain === undefined) return '–';
  return `×${f.gain >= 10 ? f.gain.toFixed(0) : f.gain.toFixed(2)} (${f.gainSource === 'measured' ? 'yours' : 'published'})`;
}

/** `vmbench advise`: every finding of every runtime found (detection plus stored runs). */
export async function cmdAdvise(engine: Engine, json: boolean): Promise<number> {
  const detected = await call<DetectResult>(engine, 'detect');
  const findings: Finding[] = detected.runtimes.flatMap((r) => r.findings ?? []).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  if (json) {
    process.stdout.write(JSON.stringify({ findings }, null, 2) + '\n');
    return 0;
  }
  if (!findings.length) {
    process.stdout.write(`No findings: nothing to change on the ${detected.runtimes.length} runtime(s) found.\n`);
    return 0;
  }
  const rows = findings.map((f) => [String(f.rank ?? ''), f.id, `${show(f.current)} → ${show(f.recommended)}`, gainText(f), f.severity, oneLine(f.evidence)]);
  process.stdout.write(formatTable(['#', 'id', 'current → recommended', 'expected', 'severity', 'evidence'], rows) + '\n');
  process.stdout.write('`vmbench advise --json` shows the full evidence, risk and how to apply each one.\n');
  return 0;
}
