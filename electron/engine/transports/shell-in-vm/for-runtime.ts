import { sharedDirFor, type HostContext } from '../../util/host-context.js';
import { createShellTransport, type ShellSpec } from './index.js';
import type { Transport } from '../types.js';

/** Where tests write inside a VM: its own disk, and the host folder under HOME that the VM mounts at the same path. */
export function vmPlaces(ctx: Pick<HostContext, 'env' | 'dataDir'>): { guest: string; shared: string } {
  return { guest: '/var/tmp/vmbench', shared: sharedDirFor(ctx) };
}

/** The shell-in-VM transport of a runtime kind through its ShellSpec (rdctl shell, limactl shell, colima ssh, podman machine ssh). */
export function shellTransportFor(shell: ShellSpec, ctx: HostContext, instance?: string): Transport {
  return createShellTransport(shell, { instance, places: vmPlaces(ctx), env: ctx.env });
}
