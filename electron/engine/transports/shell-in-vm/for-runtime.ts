import { sharedDirFor, type HostContext } from '../../util/host-context.js';
import { homedir } from 'node:os';
import { createShellTransport, type ShellPlaces, type ShellSpec } from './index.js';
import type { Transport } from '../types.js';

/**
 * Where tests write inside a VM: its own disk, and the host folder under HOME that the VM mounts at the same path (the home
 * folder is the mount: Lima, Colima, Rancher Desktop and Podman machine mount it at its own path, so a command's project
 * under it is seen there too).
 */
export function vmPlaces(ctx: Pick<HostContext, 'env' | 'dataDir'>): ShellPlaces {
  const home = ctx.env.HOME || homedir();
  return { guest: '/var/tmp/vmbench', shared: sharedDirFor(ctx), mountRoot: { host: home, guest: home } };
}

/** The shell-in-VM transport of a runtime kind through its ShellSpec (rdctl shell, limactl shell, colima ssh, podman machine ssh). */
export function shellTransportFor(shell: ShellSpec, ctx: HostContext, instance?: string): Transport {
  return createShellTransport(shell, { instance, places: vmPlaces(ctx), env: ctx.env });
}
