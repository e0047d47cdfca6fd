/**
 * The containers of one run: the bench container with no network and the three places mounted
 * (shared = a host folder bind-mounted, volume = a named volume, guest = the container's own
 * filesystem); when service tests run, a second one with the same places and a network (see
 * docker.ts); all labelled so that leftovers of a run that died can be found and removed.
 */
import { hostname } from 'node:os';
import type Docker from 'dockerode';
import type { MsgRef } from '../../../contract/contract.js';
import { ownerAlive, ownerTag } from '../../util/owner.js';
import { pidAlive } from '../../util/pid-alive.js';
import { call, DockerTransportError, messageOf, op, statusOf } from './client.js';

/** Label every vmbench container and volume carries. */
export const LABEL = 'dev.vmbench';
/** Label with the run token (one container and one volume per run). */
export const RUN_LABEL = 'dev.vmbench.run';
const HOST_LABEL = 'dev.vmbench.host';
const PID_LABEL = 'dev.vmbench.pid';
/** The owner tag (util/owner.ts: pid and a hash of its start time) of the vmbench that made it: a reused pid is not a live owner. */
const OWNER_LABEL = 'dev.vmbench.owner';

/** Where each place is inside the container. */
export const PLACE_DIRS = { shared: '/vmbench/shared', volume: '/vmbench/volume', guest: '/vmbench/guest' } as const;

const API_MS = 30_000;
const STOP_S = 5;

// PID 1 of the container: creates the guest place, then sleeps until stopped (a trap, since PID 1 ignores an unhandled TERM).
// The other places exist only as mount points: without a mount, a test there fails instead of measuring the wrong disk.
const KEEPALIVE = `mkdir -p ${PLACE_DIRS.guest} && trap 'exit 0' TERM INT && while :; do sleep 3600 & wait $!; done`;

/** The network of a container: none (disk tests), the engine host's network stack, or Docker's default bridge. */
export type ContainerNetwork = 'none' | 'host' | 'bridge';

/** What to create. */
export interface GuestSpec {
  image: string;
  /** The engine's name in messages ("Podman Engine (default)"). */
  engine: string;
  /** Unique per run; names the container and the volume. */
  token: string;
  /** Host folder bind-mounted at /vmbench/shared; undefined when the engine is on another machine. */
  sharedHostDir?: string;
  /** Default none. */
  network?: ContainerNetwork;
  /** Appended to the container's name (vmbench-<token>-<suffix>): a second container of the run, which reuses the run's volume. */
  suffix?: string;
}

/** A created and started bench container, and its volume. */
export interface Guest {
  container: Docker.Container;
  containerId: string;
  volumeName: string;
}

/** Labels of a run's container and volume. */
export async function runLabels(token: string): Promise<Record<string, string>> {
  return { [LABEL]: '1', [RUN_LABEL]: token, [HOST_LABEL]: hostname(), [PID_LABEL]: String(process.pid), [OWNER_LABEL]: await ownerTag() };
}

/**
 * Whether the vmbench that labelled a container or volume is gone: by its owner tag (a pid reused by a later
 * process counts as gone), or, on objects of a vmbench before the owner label, by its pid alone.
 */
export async function ownerGone(labels: Record<string, string> | undefined): Promise<boolean> {
  const tag = labels?.[OWNER_LABEL];
  if (tag !== undefined) return !(await ownerAlive(tag));
  const pid = Number(labels?.[PID_LABEL]);
  return !(Number.isInteger(pid) && pid > 0 && pidAlive(pid));
}

/** Creates the run's volume (unless this is a second container: spec.suffix) and a container with the places, and starts it. */
export async function createGuest(docker: Docker, spec: GuestSpec, signal: AbortSignal): Promise<Guest> {
  const volumeName = `vmbench-${spec.token}`;
  const name = spec.suffix ? `${volumeName}-${spec.suffix}` : volumeName;
  const labels = await runLabels(spec.token);
  const mounts: Docker.MountSettings[] = [{ Type: 'volume', Source: volumeName, Target: PLACE_DIRS.volume }];
  if (spec.sharedHostDir) mounts.push({ Type: 'bind', Source: spec.sharedHostDir, Target: PLACE_DIRS.shared });
  const guest: Guest = { container: docker.getContainer(name), containerId: name, volumeName };
  // Creating the volume and the container is not aborted mid-request: an aborted request may still be
  // carried out by the daemon after our clean-up ran, leaving a volume behind. Each short call runs to
  // its end (under its own deadline) and a cancel is honoured between them, where the catch cleans up.
  const stopIfCancelled = (what: MsgRef): void => {
    if (signal.aborted) throw new DockerTransportError('cancelled', 'errors.docker.cancelled', { what });
  };
  try {
    stopIfCancelled(op('createVolume'));
    if (!spec.suffix)
      await call(op('createVolume'), API_MS, (s) => docker.createVolume({ Name: volumeName, Labels: labels, abortSignal: s } as Docker.VolumeCreateOptions));
    stopIfCancelled(op('createContainer'));
    const container = await call(op('createContainer'), API_MS, (s) =>
      docker.createContainer({
        name,
        Image: spec.image,
        Entrypoint: ['sh', '-c', KEEPALIVE],
        Cmd: [],
        User: '0',
        WorkingDir: PLACE_DIRS.guest,
        Labels: labels,
        Env: ['LC_ALL=C'],
        HostConfig: { NetworkMode: spec.network ?? 'none', Mounts: mounts, Init: false, AutoRemove: false },
        abortSignal: s,
      } as Docker.ContainerCreateOptions),
    );
    guest.container = container;
    guest.containerId = container.id;
    stopIfCancelled(op('startContainer'));
    await call(op('startContainer'), API_MS, (s) => container.start({ abortSignal: s }));
  } catch (err) {
    if (spec.suffix) await removeContainer(docker, guest.containerId);
    else await removeGuest(docker, guest);
    if (err instanceof DockerTransportError) throw err;
    throw startFailure(spec, messageOf(err));
  }
  return guest;
}

/**
 * Whether an engine's refusal is about the shared place's bind mount: it names the folder, or says a bind source or a
 * mount was refused (Docker: `invalid mount config for type "bind": bind source path does not exist: DIR`; Docker Desktop:
 * `Mounts denied: The path DIR is not shared from the host`; Podman names the folder). Not a
 * runtime's own refusal that merely ends in "permission denied" (Podman: `crun: setrlimit …: OCI permission denied`).
 */
export function isSharedMountError(error: string, sharedHostDir: string): boolean {
  return error.includes(sharedHostDir) || /\bbind source\b|\bmounts? denied\b|not shared from the host/i.test(error);
}

/** The error for a container the engine would not create or start: what the engine said, with the file-sharing hint only when that is about the shared folder. */
export function startFailure(spec: Pick<GuestSpec, 'engine' | 'image' | 'sharedHostDir'>, error: string): DockerTransportError {
  const { engine, image, sharedHostDir: dir } = spec;
  if (dir && isSharedMountError(error, dir))
    return new DockerTransportError('container-failed', 'errors.docker.startRefusedMount', { engine, image, error, dir });
  return new DockerTransportError('container-failed', 'errors.docker.startRefused', { engine, image, error });
}

/** Removes a container (force); never throws, returns what could not be removed. */
export async function removeContainer(docker: Docker, containerId: string): Promise<string[]> {
  try {
    await call(op('removeContainer'), API_MS, (s) => docker.getContainer(containerId).remove({ force: true, v: true, abortSignal: s }));
  } catch (err) {
    if (statusOf(err) !== 404) return [`container ${containerId}: ${messageOf(err)}`];
  }
  return [];
}

/** Removes a run's container (force) and then its volume; never throws, returns what could not be removed. */
export async function removeGuest(docker: Docker, guest: Pick<Guest, 'containerId' | 'volumeName'>): Promise<string[]> {
  const problems = await removeContainer(docker, guest.containerId);
  // The daemon may still hold the volume for a moment after the container is gone.
  for (let attempt = 0; ; attempt++) {
    try {
      await call(op('removeVolume'), API_MS, (s) => docker.getVolume(guest.volumeName).remove({ abortSignal: s }));
      break;
    } catch (err) {
      if (statusOf(err) === 404) break;
      if (statusOf(err) === 409 && attempt < 10) {
        await new Promise((r) => setTimeout(r, 300));
        continue;
      }
      problems.push(`volume ${guest.volumeName}: ${messageOf(err)}`);
      break;
    }
  }
  return problems;
}

/** Stops a container hard (after a short grace), e.g. when a script in it cannot be stopped otherwise. */
export async function killGuest(docker: Docker, containerId: string): Promise<void> {
  await call(op('stopContainer'), API_MS, (s) => docker.getContainer(containerId).stop({ t: STOP_S, abortSignal: s })).catch(() => undefined);
}

/**
 * Removes containers and volumes of earlier vmbench runs on this machine whose process is gone
 * (a crash or a kill -9 skipped their cleanup); returns how many containers were removed, and how many
 * belong to a vmbench that still runs (whose bind-mounted work folders must then be left alone).
 */
export async function removeLeftovers(docker: Docker, signal: AbortSignal): Promise<{ removed: number; live: number }> {
  const filters = JSON.stringify({ label: [`${LABEL}=1`, `${HOST_LABEL}=${hostname()}`] });
  const [containers, volumes] = await Promise.all([
    call(op('listContainers'), API_MS, (s) => docker.listContainers({ all: true, filters, abortSignal: s }), signal),
    call(op('listVolumes'), API_MS, (s) => docker.listVolumes({ filters, abortSignal: s }), signal),
  ]);
  const goneContainers = await Promise.all(containers.map((c) => ownerGone(c.Labels)));
  const goneVolumes = await Promise.all((volumes.Volumes ?? []).map((v) => ownerGone(v.Labels)));
  let removed = 0;
  // Every container first (a run may have several on its volume), then the volumes.
  for (const c of containers.filter((_, i) => goneContainers[i])) {
    if ((await removeContainer(docker, c.Id)).length === 0) removed++;
  }
  for (const v of (volumes.Volumes ?? []).filter((_, i) => goneVolumes[i])) {
    await call(op('removeLeftoverVolume'), API_MS, (s) => docker.getVolume(v.Name).remove({ abortSignal: s })).catch(() => undefined);
  }
  return { removed, live: goneContainers.filter((g) => !g).length };
}
