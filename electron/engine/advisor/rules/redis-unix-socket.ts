import type { Rule } from '../rule-kit/types.js';
import { ev } from '../rule-kit/evidence.js';
import { msg } from '../../../messages/finding-text.js';
import { cite, round } from '../rule-kit/types.js';

/** Redis next to the app: a unix socket instead of TCP (informational; applies once redis was measured). */
export const redisUnixSocket: Rule = {
  setting: 'redisTransport',
  affects: ['redis'],
  applies: (_rt, m) => m.has('redis'),
  draft: () => ({
    current: 'tcp',
    recommended: 'unix',
    severity: 'info',
    text: {
      evidence: [ev('redis')],
      risk: [msg('rule.redisUnixSocket.risk')],
      steps: [msg('rule.redisUnixSocket.step1'), msg('rule.redisUnixSocket.step2'), msg('rule.redisUnixSocket.step3')],
    },
    apply: { kind: 'steps' },
  }),
  weigh: (f, _rt, m) => {
    const tcp = m.latest('redis', 'guest', 'set_rps_tcp');
    const unix = m.latest('redis', 'guest', 'set_rps_unix');
    if (!tcp || !unix) return f;
    const gain = unix.median / tcp.median;
    const note = msg('rule.redisUnixSocket.measured', { unix: cite(unix, 'req/s'), tcp: cite(tcp, 'req/s'), gain: round(gain) });
    const measured = [
      { ...unix, settingValue: 'unix' },
      { ...tcp, settingValue: 'tcp' },
    ];
    if (gain < 1.1)
      return {
        ...f,
        text: { ...f.text, evidence: [note, msg('rule.redisUnixSocket.little'), msg('weigh.published'), ...f.text.evidence] },
        measured,
        alreadyFine: true,
      };
    return { ...f, text: { ...f.text, evidence: [...f.text.evidence, note] }, measured };
  },
};
