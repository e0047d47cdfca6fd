// redis-benchmark --csv -> samples, replayed on real redis-benchmark 7.0.15 output (tests/fixtures/redis/README.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redisSamples, redisToolOutputSamples } from '../../electron/engine/bench/redis-benchmark.js';

const csv = (name: string): string => readFileSync(new URL(`../fixtures/redis/${name}.csv`, import.meta.url), 'utf8');
const asMap = (s: { metric: string; value: number }[]): Record<string, number> => Object.fromEntries(s.map((x) => [x.metric, x.value]));

describe('redisSamples on real redis-benchmark 7.0.15 output', () => {
  it('TCP: rps plus p50/p99 latency of SET and GET', () => {
    expect(asMap(redisSamples(csv('tcp-7.0.15'), 'tcp'))).toEqual({
      set_rps_tcp: 35906.64,
      set_p50_ms_tcp: 0.159,
      set_p99_ms_tcp: 0.431,
      get_rps_tcp: 55248.62,
      get_p50_ms_tcp: 0.151,
      get_p99_ms_tcp: 1.727,
    });
  });

  it('unix socket, through the tool-output data of redis.sh', () => {
    const m = asMap(redisToolOutputSamples({ transport: 'unix', csv: csv('unix-7.0.15') }));
    expect(m.set_rps_unix).toBe(93023.26);
    expect(m.get_rps_unix).toBe(59880.24);
    expect(m.get_p99_ms_unix).toBe(1.935);
  });

  it('the old two-column layout (Redis <= 6): rps only', () => {
    const old = csv('tcp-7.0.15')
      .split('\n')
      .filter((l) => l && !l.startsWith('"test"'))
      .map((l) => l.split(',').slice(0, 2).join(','))
      .join('\n');
    expect(old).toContain('"SET","35906.64"');
    expect(redisSamples(old, 'tcp')).toEqual([
      { metric: 'set_rps_tcp', value: 35906.64 },
      { metric: 'get_rps_tcp', value: 55248.62 },
    ]);
  });

  it('output without GET, or not CSV at all, is refused', () => {
    const onlySet = csv('tcp-7.0.15')
      .split('\n')
      .filter((l) => !l.startsWith('"GET"'))
      .join('\n');
    expect(() => redisSamples(onlySet, 'tcp')).toThrow(/no get line/i);
    expect(() => redisSamples('Could not connect to Redis at 127.0.0.1:25299: Connection refused\n', 'tcp')).toThrow(/no set line/i);
    expect(() => redisToolOutputSamples({ csv: 'x' })).toThrow(/transport/);
  });
});
