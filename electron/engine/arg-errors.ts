/** The error for arguments that fail their schema: run.start's own words for a bad test, target, place or image; the first issue otherwise. */
import type { ZodError } from 'zod';
import { TEST_IDS } from './api-schemas.js';
import { PLACES } from '../contract/contract.js';
import { engineError, type EngineError } from './util/errors.js';

/** The invalid-input error for the first issue of a failed argument check. */
export function argError(channel: string, args: unknown, error: ZodError): EngineError {
  const issue = error.issues[0];
  const path = issue.path.map(String);
  const value = String(valueAt(args, issue.path) ?? '').slice(0, 80);
  if (channel === 'run.start' && path[1] === 'tests' && path.length === 3)
    return engineError('invalid-input', 'errors.badTest', { value, tests: TEST_IDS.join(', ') });
  if (channel === 'run.start' && path[1] === 'targets' && path.length === 3) return engineError('invalid-input', 'errors.badTargetId', { value });
  if (channel === 'run.start' && path[1] === 'places' && path.length === 3)
    return engineError('invalid-input', 'errors.badPlace', { value, places: PLACES.join(', ') });
  if (channel === 'run.start' && path[1] === 'image') return engineError('invalid-input', 'errors.badImage', { value });
  return engineError('invalid-input', 'errors.invalidArgs', { channel, where: path.join('.') || 'arguments', issue: issue.message });
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}
