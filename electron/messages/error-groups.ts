/** A target's errors grouped by cause, shared by the CLI summary and the Results view (dependency-free like contract.ts). */
import type { MsgRef } from '../contract/contract-advice.js';
import type { TargetRun, TestError, TestId } from '../contract/contract.js';

/** One cause of failure of a target: how many steps it hit, and which. */
export interface ErrorGroup {
  code: string;
  message: string;
  /** The message as a catalogue reference, when the engine gave one. */
  ref?: MsgRef;
  count: number;
  steps: { test: TestId; place: TestError['place'] }[];
}

/** A target's errors, one group per cause (code and message), most frequent first. */
export function groupTargetErrors(t: Pick<TargetRun, 'errors'>): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  for (const e of t.errors) {
    const key = `${e.code}\u0000${e.message}`;
    const g = groups.get(key) ?? { code: e.code, message: e.message, ...(e.ref ? { ref: e.ref } : {}), count: 0, steps: [] };
    // One step once: a place's headline pass and its full-length test failing alike are the same step to the reader.
    if (g.steps.some((s) => s.test === e.test && s.place === e.place)) continue;
    g.count += 1;
    g.steps.push({ test: e.test, place: e.place });
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}
