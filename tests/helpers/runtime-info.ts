import type { Finding, RuntimeInfo } from '../../electron/contract/contract.js';

/** A detected runtime with nothing read yet (no settings, targets or findings): id `<kind>:x`, stopped, unless overridden. */
export function runtimeInfo(kind: string, o: Partial<RuntimeInfo> = {}): RuntimeInfo {
  return { id: `${kind}:x`, kind, name: kind, version: null, state: 'stopped', settings: {}, settingsSource: {}, targets: [], findings: [], ...o };
}

/** A finding whose change is a file edit: `diff` (see diffOf) of the file at `path`. */
export function fileFinding(path: string, diff: string): Finding {
  return { id: 'x/setting', setting: 'setting', current: 'a', recommended: 'b', severity: 'low', evidence: 'e', apply: { kind: 'file', path, diff } };
}

/** A unified diff of `path` that replaces one line with the `added` ones. */
export const diffOf = (path: string, ...added: string[]): string =>
  [`--- ${path}`, `+++ ${path}`, '@@ -1,1 +1,1 @@', '-old: 1', ...added.map((l) => `+${l}`)].join('\n');
