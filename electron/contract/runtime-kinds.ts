/**
 * The runtime kinds vmbench knows, as a typed union the engine, electron/shared and the renderer can
 * all use without importing the engine. Each id has exactly one RuntimeKind in
 * electron/engine/runtimes/registry.ts (checked there with `satisfies` and by a unit test), where
 * everything else about the kind lives (docs/architecture.md, "How to add a runtime kind").
 */

/** Every runtime kind id, in the registry's order. */
export const RUNTIME_KIND_IDS = [
  'local',
  'docker-desktop',
  'rancher-desktop',
  'orbstack',
  'colima',
  'lima',
  'podman',
  'vagrant',
  'libvirt',
  'docker-engine',
] as const;

/** One runtime kind's id (RuntimeInfo.kind of a detected runtime). */
export type RuntimeKindId = (typeof RUNTIME_KIND_IDS)[number];

/** Whether a string is a known runtime kind id. */
export function isRuntimeKindId(s: string): s is RuntimeKindId {
  return (RUNTIME_KIND_IDS as readonly string[]).includes(s);
}

/** What the renderer needs to know of a kind without asking the engine. */
export interface RuntimeKindFacts {
  /** Its targets are container runtimes in the service tables (a second container can be measured). */
  containers: boolean;
  /** How its runtime and target ids begin, when not with the kind id (docker-engine: "docker:<context>"). */
  idPrefix?: string;
}

/** The renderer's facts of each kind (one entry per id, enforced by the type). */
export const RUNTIME_KIND_FACTS: Readonly<Record<RuntimeKindId, RuntimeKindFacts>> = {
  local: { containers: false },
  'docker-desktop': { containers: true },
  'rancher-desktop': { containers: false },
  orbstack: { containers: true },
  colima: { containers: false },
  lima: { containers: false },
  podman: { containers: false },
  vagrant: { containers: false },
  libvirt: { containers: false },
  'docker-engine': { containers: true, idPrefix: 'docker' },
};

/** Whether a runtime or target id (e.g. "docker:default", "orbstack") belongs to a kind whose targets are containers. */
export function isContainerRuntimeId(id: string): boolean {
  return RUNTIME_KIND_IDS.some((k) => RUNTIME_KIND_FACTS[k].containers && id.startsWith(RUNTIME_KIND_FACTS[k].idPrefix ?? k));
}
