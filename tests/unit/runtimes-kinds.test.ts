import { describe, expect, it } from 'vitest';
import { isKind } from '../../electron/engine/advisor/types.js';
import { RUNTIME_KINDS, findKind } from '../../electron/engine/runtimes/registry.js';
import type { RuntimeInfo } from '../../electron/shared/contract.js';
import { RUNTIME_KIND_FACTS, RUNTIME_KIND_IDS, isContainerRuntimeId } from '../../electron/shared/runtime-kinds.js';

const rt = (kind: string): RuntimeInfo => ({ id: kind, kind, name: kind, version: null, state: 'running', settings: {}, settingsSource: {}, targets: [], findings: [] });

describe('every runtime kind has one home (docs/architecture.md, "How to add a runtime kind")', () => {
  it('has exactly one registry entry per id of the typed union, in its order', () => {
    expect(RUNTIME_KINDS.map((k) => k.kind)).toEqual([...RUNTIME_KIND_IDS]);
    for (const id of RUNTIME_KIND_IDS) expect(RUNTIME_KINDS.filter((k) => k.kind === id)).toHaveLength(1);
    for (const id of RUNTIME_KIND_IDS) expect(findKind(id)?.kind).toBe(id);
  });

  it('gives the renderer a fact line per id: the container kinds are Docker Desktop, OrbStack and Docker Engine', () => {
    expect(Object.keys(RUNTIME_KIND_FACTS).sort()).toEqual([...RUNTIME_KIND_IDS].sort());
    expect(['docker-desktop', 'docker:default', 'docker', 'orbstack', 'colima:default', 'lima:dev', 'local', 'podman:m'].map(isContainerRuntimeId)).toEqual([true, true, true, true, false, false, false, false]);
  });
});

describe('isKind', () => {
  it('takes the typed ids only', () => {
    expect(isKind(rt('podman'), 'podman')).toBe(true);
    expect(isKind(rt('lima'), 'colima', 'docker-desktop')).toBe(false);
    // @ts-expect-error -- not a runtime kind id: tsc (npx tsc -p tsconfig.json) rejects it.
    expect(isKind(rt('podman'), 'podmn')).toBe(false);
  });
});
