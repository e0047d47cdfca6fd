import type { Place, RuntimeInfo, RuntimeState, SettingSource, TargetInfo } from '../../../contract/contract.js';
import type { SettingKey, SettingMap } from '../../../contract/setting-keys.js';
import { detailsOf, stripDetail, whyEn, type Why } from './why.js';

/** Settings being collected for one runtime, each with where its value came from. */
export class SettingsBag {
  readonly settings: SettingMap = {};
  readonly source: SettingMap<SettingSource> = {};

  /** Sets a value (undefined, null and NaN are ignored) and its source; a later call overrides. */
  set(key: SettingKey, value: unknown, source: SettingSource): this {
    if (value === undefined || value === null || (typeof value === 'number' && !Number.isFinite(value))) return this;
    this.settings[key] = value;
    this.source[key] = source;
    return this;
  }

  /** Sets a value only if the key has none yet, or only a default. */
  fill(key: SettingKey, value: unknown, source: SettingSource): this {
    if (this.has(key) && this.source[key] !== 'default') return this;
    return this.set(key, value, source);
  }

  /** Whether the key has a value. */
  has(key: SettingKey): boolean {
    return Object.prototype.hasOwnProperty.call(this.settings, key);
  }
}

/** What a kind knows about one runtime it found. */
export interface RuntimeParts {
  id: string;
  kind: string;
  name: string;
  version?: string | null;
  state: RuntimeState;
  /** Why the state is unknown or the runtime unusable: one clause or several (joined with "; " in English). */
  reason?: Why | Why[];
  bag?: SettingsBag;
  targets?: TargetInfo[];
}

/** Builds the contract's RuntimeInfo (findings are left to the advisor). */
export function makeRuntime(p: RuntimeParts): RuntimeInfo {
  const info: RuntimeInfo = {
    id: p.id,
    kind: p.kind,
    name: p.name,
    version: p.version ?? null,
    state: p.state,
    settings: p.bag?.settings ?? {},
    settingsSource: p.bag?.source ?? {},
    targets: p.targets ?? [],
    findings: [],
  };
  const refs = p.reason === undefined ? [] : Array.isArray(p.reason) ? p.reason : [p.reason];
  if (refs.length) {
    info.reason = refs.map(whyEn).join('; ');
    info.reasonRefs = refs.map(stripDetail);
    // What the tools printed stays out of the sentence: beside it, for a "details" toggle.
    const details = [...new Set(refs.flatMap(detailsOf))];
    if (details.length) info.reasonDetail = details.join('\n\n');
  }
  return info;
}

/** One target whose id is the runtime's id. */
export function singleTarget(id: string, label: string, places: Place[]): TargetInfo[] {
  return [{ id, label, places }];
}

/** Places of a VM: the host-shared folder and the guest's own disk. */
export const VM_PLACES: Place[] = ['shared', 'guest'];
/** Places of a Docker engine: a bind mount from the host, the container's disk and a volume. */
export const DOCKER_PLACES: Place[] = ['shared', 'guest', 'volume'];

/** The reasons that are present, in order (makeRuntime joins them); undefined when there are none. */
export function joinReasons(...reasons: (Why | Why[] | undefined)[]): Why[] | undefined {
  const r = reasons.flat().filter((x): x is Why => !!x);
  return r.length ? r : undefined;
}
