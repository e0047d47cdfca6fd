import type { Finding, Run, RuntimeInfo } from '../../contract/contract.js';
import { measurementsFor } from './measurements.js';
import { dockerDesktopFileSharing } from './rules/docker-desktop-file-sharing.js';
import { dockerDesktopVmm } from './rules/docker-desktop-vmm.js';
import { libvirtDiskBus } from './rules/libvirt-disk-bus.js';
import { libvirtDiskCache } from './rules/libvirt-disk-cache.js';
import { libvirtDiskIo } from './rules/libvirt-disk-io.js';
import { libvirtIothreads } from './rules/libvirt-iothreads.js';
import { libvirtMountType } from './rules/libvirt-mount-type.js';
import { libvirtNicModel } from './rules/libvirt-nic-model.js';
import { limaMountType } from './rules/lima-mount-type.js';
import { limaVmType } from './rules/lima-vm-type.js';
import { podmanMountType } from './rules/podman-mount-type.js';
import { rancher9pOptions } from './rules/rancher-9p-options.js';
import { rancherMountType } from './rules/rancher-mount-type.js';
import { rancherVmType } from './rules/rancher-vm-type.js';
import { vagrantSyncedFolder } from './rules/vagrant-synced-folder.js';
import { redisUnixSocket } from './rules/redis-unix-socket.js';
import { dockerNamedVolume } from './rules/docker-named-volume.js';
import { pollingWatcher } from './rules/polling-watcher.js';
import { yourCommand } from './rules/your-command.js';
import { evidenceRowsFor } from './rule-kit/evidence.js';
import { adviceEnglish, adviceEnglishParts } from '../../messages/message-english.js';
import { thisHost, type Draft, type Drafted, type HostFacts, type Rule } from './rule-kit/types.js';

/** Every rule, in the order findings are listed. Adding a rule: one file in rules/ and one line here. */
export const RULES: readonly Rule[] = [
  dockerDesktopVmm,
  dockerDesktopFileSharing,
  rancherVmType,
  rancherMountType,
  rancher9pOptions,
  limaVmType,
  limaMountType,
  podmanMountType,
  vagrantSyncedFolder,
  libvirtDiskIo,
  libvirtDiskCache,
  libvirtDiskBus,
  libvirtIothreads,
  libvirtNicModel,
  libvirtMountType,
  redisUnixSocket,
  dockerNamedVolume,
  yourCommand,
  pollingWatcher,
];

/** Findings for one runtime: published evidence, weighed against the user's own stored runs. */
export function adviseRuntime(rt: RuntimeInfo, runs: Run[] = [], host: HostFacts = thisHost()): Finding[] {
  const m = measurementsFor(rt.id, runs);
  const out: Finding[] = [];
  for (const rule of RULES) {
    try {
      if (!rule.applies(rt, m, host)) continue;
      const base = inEnglish({ id: `${rt.id}/${rule.setting}`, setting: rule.setting, ...rule.draft(rt) });
      const weighed = inEnglish(rule.weigh ? rule.weigh(base, rt, m) : base);
      // The published measurements behind the finding, counter-examples quoted in its risk included.
      const rows = evidenceRowsFor([...weighed.text.evidence, ...(weighed.text.risk ?? [])]);
      out.push(rows.length ? { ...weighed, evidenceTable: rows } : weighed);
    } catch {
      // A rule that cannot read odd settings says nothing rather than breaking detection.
    }
  }
  return out;
}

/** A finding with its English fields (evidence, risk, How to steps) rendered from its messages, so the two never drift. */
function inEnglish(f: Draft & Pick<Finding, 'id' | 'setting' | 'measured'>): Drafted {
  const { text, apply, ...rest } = f;
  const how = apply?.kind === 'steps' ? { apply: { kind: 'steps' as const, steps: (text.steps ?? []).map(adviceEnglish) } } : apply ? { apply } : {};
  return { ...rest, text, evidence: adviceEnglishParts(text.evidence), ...(text.risk?.length ? { risk: adviceEnglishParts(text.risk) } : {}), ...how };
}

/** Findings for every runtime, as `vmbench advise --json` lists them. */
export function advise(runtimes: RuntimeInfo[], runs: Run[] = [], host: HostFacts = thisHost()): Finding[] {
  return runtimes.flatMap((rt) => adviseRuntime(rt, runs, host));
}
