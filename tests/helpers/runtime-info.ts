import type { RuntimeInfo } from '../../electron/contract/contract.js';

/** A detected runtime with nothing read yet (no settings, targets or findings): id `<kind>:x`, stopped, unless overridden. */
export function runtimeInfo(kind: string, o: Partial<RuntimeInfo> = {}): RuntimeInfo {
  return { id: `${kind}:x`, kind, name: kind, version: null, state: 'stopped', settings: {}, settingsSource: {}, targets: [], findings: [], ...o };
}
