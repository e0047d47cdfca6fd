import type { RuntimeInfo } from '../../../contract/contract.js';
import { engineError, whyOf } from '../../util/errors.js';
import { libvirtHostAddress, LibvirtAgentTransport } from './index.js';
import { SSH_SHELL, sshPrefix } from '../shell-in-vm/argv.js';
import { createShellTransport } from '../shell-in-vm/index.js';
import type { Transport } from '../types.js';
import { EMULATION_TIMEOUT_SCALE, type HostContext } from '../../util/host-context.js';
import { reasonParam } from '../../../messages/error-text.js';

/** The folder on the guest's own disk the guest place writes into, unless VMBENCH_LIBVIRT_GUEST_DIR says otherwise. */
export const DEFAULT_GUEST_DIR = '/var/tmp/vmbench';

/** An absolute guest path from the environment, or undefined. */
function guestPath(value: string | undefined, name: string): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!v.startsWith('/') || v.includes('\0')) throw engineError('invalid-input', 'errors.libvirt.notAbsolute', { name, value: v });
  return v;
}

/**
 * The guest-agent transport into a running domain whose agent answered guest-ping during detection.
 * Places: `shared` = where the domain's host share is mounted in the guest (found in /proc/mounts, or
 * VMBENCH_LIBVIRT_SHARED_DIR), `guest` = DEFAULT_GUEST_DIR (or VMBENCH_LIBVIRT_GUEST_DIR). The host's
 * loopback is reachable from the guest only through a user-mode NIC (10.0.2.2), which the net test uses.
 */
export function libvirtTransport(rt: RuntimeInfo, _targetId: string, ctx: HostContext): Transport | undefined {
  const domain = rt.id.replace(/^libvirt:/, '');
  const ssh = sshDestination(ctx.env.VMBENCH_LIBVIRT_SSH, domain);
  if (ssh) return sshTransport(rt, ssh, ctx);
  if (rt.settings.guestAgent !== 'answers') {
    throw engineError('invalid-input', 'detect:cannotRunInside', { name: rt.name, why: reasonParam(rt) ?? { key: 'detect:agent.silentShort' } });
  }
  const uri = typeof rt.settings.libvirtUri === 'string' ? rt.settings.libvirtUri : 'qemu:///system';
  const detected = typeof rt.settings.sharedDir === 'string' ? rt.settings.sharedDir : null;
  const sharedDir = guestPath(ctx.env.VMBENCH_LIBVIRT_SHARED_DIR, 'VMBENCH_LIBVIRT_SHARED_DIR') ?? detected;
  const guestDir = guestPath(ctx.env.VMBENCH_LIBVIRT_GUEST_DIR, 'VMBENCH_LIBVIRT_GUEST_DIR') ?? DEFAULT_GUEST_DIR;
  const timeoutScale = rt.settings.vmType === 'qemu' ? EMULATION_TIMEOUT_SCALE : 1;
  return new LibvirtAgentTransport({
    uri,
    domain,
    sharedDir,
    guestDir,
    timeoutScale,
    hostAddress: libvirtHostAddress(rt.settings.nics),
    hostSharedDir: hostShareOf(rt, uri),
  });
}

/** The host folder of the domain's one share, when libvirtd runs on this machine (a URI without a host); else undefined. */
export function hostShareOf(rt: RuntimeInfo, uri: string): string | undefined {
  if (!/^[a-z+]+:\/\/\//i.test(uri)) return undefined;
  const fs = Array.isArray(rt.settings.filesystems) ? (rt.settings.filesystems as { source?: unknown }[]) : [];
  const dirs = fs.map((f) => f.source).filter((s): s is string => typeof s === 'string' && s.startsWith('/'));
  return dirs.length === 1 ? dirs[0] : undefined;
}

/**
 * The SSH alternative to the guest agent, configured by the user: VMBENCH_LIBVIRT_SSH lists
 * `domain=[user@]host[:port]` pairs (comma-separated), VMBENCH_LIBVIRT_SSH_KEY an optional key file,
 * VMBENCH_LIBVIRT_SSH_KNOWN_HOSTS an optional known_hosts file (host keys are always checked).
 */
export function sshDestination(config: string | undefined, domain: string): string | undefined {
  for (const entry of (config ?? '').split(',')) {
    const eq = entry.indexOf('=');
    if (eq > 0 && entry.slice(0, eq).trim() === domain) return entry.slice(eq + 1).trim();
  }
  return undefined;
}

function sshTransport(rt: RuntimeInfo, destination: string, ctx: HostContext): Transport {
  try {
    sshPrefix(destination);
  } catch (err) {
    throw engineError('invalid-input', 'errors.libvirt.badSsh', { name: rt.name, detail: whyOf(err) });
  }
  const detected = typeof rt.settings.sharedDir === 'string' ? rt.settings.sharedDir : undefined;
  const shared = guestPath(ctx.env.VMBENCH_LIBVIRT_SHARED_DIR, 'VMBENCH_LIBVIRT_SHARED_DIR') ?? detected;
  const guest = guestPath(ctx.env.VMBENCH_LIBVIRT_GUEST_DIR, 'VMBENCH_LIBVIRT_GUEST_DIR') ?? DEFAULT_GUEST_DIR;
  return createShellTransport(SSH_SHELL, {
    instance: destination,
    identity: ctx.env.VMBENCH_LIBVIRT_SSH_KEY || undefined,
    knownHosts: ctx.env.VMBENCH_LIBVIRT_SSH_KNOWN_HOSTS || undefined,
    places: { guest, shared, sharedOnHost: false },
  });
}
