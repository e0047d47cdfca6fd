/**
 * The first look at a file to import, before any schema: it is data only (never executed), so what
 * could harm is a prototype key, a number no measurement has, text that acts on a terminal or nesting
 * deep enough to exhaust the stack. A key or number like that refuses the file; control characters in
 * strings are removed (neutralised) in the copy that goes on, and −0 becomes 0.
 */
import { terminalSafe } from '../../presentation/terminal-safe.js';

/** Keys that reach an object's prototype when assigned; vmbench never writes them. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** The largest magnitude of any number in a run (bytes of a disk, IOPS, µs: all far below it). */
export const MAX_IMPORT_NUMBER = 1e15;
/** Deeper than any run file vmbench writes. */
const MAX_DEPTH = 32;

/** Why a file's data cannot be imported: the catalogue key (errors.import.*) and its parameters. */
export interface ImportProblem {
  key: 'forbiddenKey' | 'badNumber' | 'tooDeep';
  params: Record<string, string>;
}

/** A copy of parsed JSON with control characters removed from every string, or the first problem found. */
export function neutralise(value: unknown): { ok: true; value: unknown } | { ok: false; problem: ImportProblem } {
  let problem: ImportProblem | null = null;
  const walk = (v: unknown, path: string, depth: number): unknown => {
    if (problem) return undefined;
    if (depth > MAX_DEPTH) {
      // Stryker disable next-line StringLiteral: past 32 levels the path is never empty (the top is level 0).
      problem = { key: 'tooDeep', params: { path: path || '(top)' } };
      return undefined;
    }
    if (typeof v === 'string') return terminalSafe(v);
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Math.abs(v) > MAX_IMPORT_NUMBER) problem = { key: 'badNumber', params: { path: path || '(top)' } };
      // −0 (a file may spell it "-0") is a zero: read as 0, as the run file will store it.
      return v === 0 ? 0 : v;
    }
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${path}[${i}]`, depth + 1));
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v)) {
        if (FORBIDDEN_KEYS.has(k)) {
          problem = { key: 'forbiddenKey', params: { key: k, path: path || '(top)' } };
          return undefined;
        }
        const safeKey = terminalSafe(k);
        Object.defineProperty(out, safeKey, {
          value: walk((v as Record<string, unknown>)[k], path ? `${path}.${safeKey}` : safeKey, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return v;
  };
  const value2 = walk(value, '', 0);
  return problem ? { ok: false, problem } : { ok: true, value: value2 };
}
