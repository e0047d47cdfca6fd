import type { RuntimeInfo } from '../../../contract.js';
import { EngineError } from '../../errors.js';
import { LibvirtAgentTransport } from '../../transports/libvirt-agent.js';
import type { Transport } from '../../transports/types.js';
import type { DetectContext } from '../types.js';

/** The folder on the guest's own disk the guest place writes into, unless VMBENCH_LIBVIRT_GUEST_DIR says otherwise. */
export const DEFAULT_GUEST_DIR = '/var/tmp/vmbench';

/** How much longer than on a native disk a script may take in a domain of type 'qemu' (TCG: software emulation). */
export const EMULATION_TIMEOUT_SCALE = 10;

/** An absolute guest path from the environment, or undefined. */
function guestPath(value: string | undefined, name: string): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (!v.startsWith('/') || v.includes('\0')) throw new EngineError('invalid-input', `${name} must be an absolute path inside the guest, not "${v}"`);
  return v;
}

/**
 * The guest-agent transport into a running domain whose agent answered guest-ping during detection.
 * Places: `shared` = where the domain's host share is mounted in the guest (found in /proc/mounts, or
 * VMBENCH_LIBVIRT_SHARED_DIR), `guest` = DEFAULT_GUEST_DIR (or VMBENCH_LIBVIRT_GUEST_DIR).
 */
export function libvirtTransport(rt: RuntimeInfo, _targetId: string, ctx: DetectContext): Transport | undefined {
  if (rt.settings.guestAgent !== 'answers') {
    throw new EngineError('invalid-input', `Cannot run the suite inside ${rt.name}: ${rt.reason ?? 'its QEMU guest agent does not answer'}.`);
  }
  const uri = typeof rt.settings.libvirtUri === 'string' ? rt.settings.libvirtUri : 'qemu:///system';
  const domain = rt.id.replace(/^libvirt:/, '');
  const detected = typeof rt.settings.sharedDir === 'string' ? rt.settings.sharedDir : null;
  const sharedDir = guestPath(ctx.env.VMBENCH_LIBVIRT_SHARED_DIR, 'VMBENCH_LIBVIRT_SHARED_DIR') ?? detected;
  const guestDir = guestPath(ctx.env.VMBENCH_LIBVIRT_GUEST_DIR, 'VMBENCH_LIBVIRT_GUEST_DIR') ?? DEFAULT_GUEST_DIR;
  const timeoutScale = rt.settings.vmType === 'qemu' ? EMULATION_TIMEOUT_SCALE : 1;
  return new LibvirtAgentTransport({ uri, domain, sharedDir, guestDir, timeoutScale });
}
