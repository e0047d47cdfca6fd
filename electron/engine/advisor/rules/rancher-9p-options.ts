import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { isKind, text } from '../types.js';

/** Rancher Desktop 9p: tuning msize/cache is not worth it; the mount type is. Informational. */
export const rancher9pOptions: Rule = {
  setting: 'mount9pMsizeKiB',
  applies: (rt) => isKind(rt, 'rancher-desktop') && text(rt, 'mountType') === '9p',
  draft: (rt) => ({
    current: rt.settings.mount9pMsizeKiB ?? null,
    recommended: rt.settings.mount9pMsizeKiB ?? null,
    severity: 'info',
    evidence: `${EVIDENCE.ninep} 9p cache mode is ${text(rt, 'mount9pCacheMode') ?? 'the default (mmap)'}; see the mountType finding instead.`,
    risk: 'A larger msize or cache=loose may serve stale data when the host changes files; it does not close the gap to virtiofs.',
  }),
};
