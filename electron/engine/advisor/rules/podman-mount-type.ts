import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { isKind, text } from '../types.js';
import { weighBy } from '../weigh.js';
import { instanceName } from './lima-vm-type.js';

/** Podman machine: a provider with virtiofs (applehv/libkrun on macOS, Podman 5 on Linux) instead of 9p. */
export const podmanMountType: Rule = {
  setting: 'mountType',
  applies: (rt) => isKind(rt, 'podman') && text(rt, 'mountType') === '9p' && text(rt, 'vmType') !== 'wsl2',
  draft: (rt) => {
    const name = instanceName(rt);
    return {
      current: '9p',
      recommended: 'virtiofs',
      severity: 'medium',
      evidence: `${EVIDENCE.ninep} ${EVIDENCE.ddev}`,
      risk: 'The machine has to be re-created (its containers and images go with it; export what you need first).',
      apply: {
        kind: 'steps',
        steps: [
          `Save what you need from the machine, then: podman machine stop ${name} && podman machine rm ${name}`,
          'macOS: set the provider to applehv (or libkrun on Apple silicon): CONTAINERS_MACHINE_PROVIDER=applehv, or provider="applehv" under [machine] in containers.conf.',
          'Linux: upgrade to Podman 5, whose QEMU machines share folders over virtiofs.',
          `podman machine init ${name} && podman machine start ${name}, then re-run the shared-folder tests.`,
        ],
      },
    };
  },
  weigh: weighBy('mountType', { test: 'seq-write', place: 'shared', metric: 'write_MBps', unit: 'MB/s', againstNative: true }),
};
