import type { Rule } from '../types.js';
import { EVIDENCE } from '../evidence.js';
import { cite, round } from '../types.js';

/** Redis next to the app: a unix socket instead of TCP (informational; applies once redis was measured). */
export const redisUnixSocket: Rule = {
  setting: 'redisTransport',
  applies: (_rt, m) => m.has('redis'),
  draft: () => ({
    current: 'tcp',
    recommended: 'unix',
    severity: 'info',
    evidence: EVIDENCE.redis,
    risk: 'Only when the client runs in the same container or VM as redis (a socket file in a shared volume across containers also works); set `unixsocket` in redis.conf and point the client at it.',
    apply: { kind: 'steps', steps: ['redis.conf: unixsocket /var/run/redis/redis.sock and unixsocketperm 770', 'Client: connect to the socket path instead of 127.0.0.1:6379', 'Re-run the redis test.'] },
  }),
  weigh: (f, _rt, m) => {
    const tcp = m.latest('redis', 'guest', 'set_rps_tcp');
    const unix = m.latest('redis', 'guest', 'set_rps_unix');
    if (!tcp || !unix) return f;
    const gain = unix.median / tcp.median;
    const note = `Your machine: unix ${cite(unix, 'req/s')} vs tcp ${cite(tcp, 'req/s')} (x${round(gain)}).`;
    const measured = [{ ...unix, settingValue: 'unix' }, { ...tcp, settingValue: 'tcp' }];
    if (gain < 1.1) return { ...f, evidence: `${note} The socket buys little here. Published: ${f.evidence}`, measured, alreadyFine: true };
    return { ...f, evidence: `${f.evidence} ${note}`, measured };
  },
};
