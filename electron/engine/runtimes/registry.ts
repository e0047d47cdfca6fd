import { colimaKind } from './colima/index.js';
import { dockerDesktopKind } from './docker-desktop/index.js';
import { dockerEngineKind } from './docker-engine.js';
import { libvirtKind } from './libvirt/index.js';
import { limaKind } from './lima.js';
import { localKind } from './local.js';
import { orbstackKind } from './orbstack.js';
import { podmanKind } from './podman.js';
import { rancherDesktopKind } from './rancher-desktop/index.js';
import type { RuntimeKind } from './support/types.js';
import { RUNTIME_KIND_IDS } from '../../contract/runtime-kinds.js';
import { vagrantKind } from './vagrant/index.js';

/**
 * Every runtime kind vmbench detects, in the order they are listed: one entry per id of
 * RUNTIME_KIND_IDS (electron/contract/runtime-kinds.ts), in the same order (tests/unit/runtimes-kinds.test.ts).
 * Adding a kind is one new file (or folder) exporting a RuntimeKind, one line here and its id there
 * (docs/architecture.md, "How to add a runtime kind").
 */
export const RUNTIME_KINDS = [
  localKind,
  dockerDesktopKind,
  rancherDesktopKind,
  orbstackKind,
  colimaKind,
  limaKind,
  podmanKind,
  vagrantKind,
  libvirtKind,
  dockerEngineKind(ownersOfDocker),
] as const satisfies readonly RuntimeKind[];

/** Every id of the typed union has a kind in the registry (a compile-time check; tests/unit/runtimes-kinds.test.ts checks there is exactly one, in order). */
void (RUNTIME_KIND_IDS satisfies readonly (typeof RUNTIME_KINDS)[number]['kind'][]);

/** The kinds Docker Engine leaves out the contexts and daemons of (each kind's `docker`). */
function ownersOfDocker(): readonly RuntimeKind[] {
  return RUNTIME_KINDS;
}

/** The kind with that name (e.g. "colima"), if registered. */
export function findKind(kind: string): RuntimeKind | undefined {
  return RUNTIME_KINDS.find((k) => k.kind === kind);
}
