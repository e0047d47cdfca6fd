import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { isKind, text } from '../rule-kit/types.js';

/** Rancher Desktop 9p: tuning msize/cache is not worth it; the mount type is. Informational. */
export const rancher9pOptions: Rule = {
  setting: 'mount9pMsizeKiB',
  applies: (rt) => isKind(rt, 'rancher-desktop') && text(rt, 'mountType') === '9p',
  draft: (rt) => ({
    current: rt.settings.mount9pMsizeKiB ?? null,
    recommended: rt.settings.mount9pMsizeKiB ?? null,
    severity: 'info',
    text: {
      evidence: [ev('ninep'), msg('rule.rancher9pOptions.cacheMode', { mode: text(rt, 'mount9pCacheMode') ?? msg('rule.rancher9pOptions.defaultMode') })],
      risk: [msg('rule.rancher9pOptions.risk')],
    },
  }),
};
