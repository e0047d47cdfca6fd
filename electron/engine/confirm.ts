import type { RuntimeInfo } from '../contract/contract.js';
import { runProbe } from './bench/run-step.js';
import { findKind } from './runtimes/registry.js';
import type { DetectContext } from './runtimes/support/types.js';
import type { Transport } from './transports/types.js';

/**
 * Confirms from inside each running guest which filesystem is really mounted at the shared
 * folder (users cannot otherwise tell which file-sharing driver is active): runs the probe
 * script there and records it as `active.mountType`. A kind with its own way to look inside
 * (`RuntimeKind.confirm`, e.g. Vagrant's one `vagrant ssh` call over /proc/mounts) uses that, with
 * its own time-out. Never builds images; never fails detection.
 */
export async function confirmFromGuests(runtimes: RuntimeInfo[], ctx: DetectContext, timeoutMs = 6_000): Promise<void> {
  await Promise.all(
    runtimes
      .filter((rt) => rt.id !== 'local' && rt.state === 'running' && rt.active?.mountType === undefined)
      .map(async (rt) => {
        const kind = findKind(rt.kind);
        if (kind?.confirm) {
          const ac = new AbortController();
          const timer = setTimeout(() => ac.abort(), kind.confirmTimeoutMs ?? timeoutMs);
          try {
            await kind.confirm(rt, { ...ctx, signal: ac.signal });
          } finally {
            clearTimeout(timer);
          }
          return;
        }
        const target = rt.targets.find((t) => t.places.includes('shared'));
        let transport: Transport | undefined;
        try {
          transport = target ? kind?.transport?.(rt, target.id, ctx) : undefined;
        } catch {
          return; // e.g. a libvirt guest without its agent: detection already says why, it keeps its configured values
        }
        if (!target || !transport || !transport.places().includes('shared')) return;
        const ac = new AbortController();
        const timer = setTimeout(() => ac.abort(), timeoutMs);
        try {
          await transport.prepare?.({ signal: ac.signal, noBuild: true, log: () => undefined });
          const probe = await runProbe(
            { id: target.id, runtime: rt.id, label: target.label, settings: rt.settings, transport },
            ac.signal,
            timeoutMs,
            'shared',
          );
          if (probe?.dirFsType) {
            rt.active = { ...rt.active, mountType: probe.dirFsType, sharedDir: transport.placeDir('shared') };
            rt.probe ??= probe;
          }
        } catch {
          // A guest we cannot look into keeps its configured values only.
        } finally {
          clearTimeout(timer);
          await transport.dispose?.().catch(() => undefined);
        }
      }),
  );
}
