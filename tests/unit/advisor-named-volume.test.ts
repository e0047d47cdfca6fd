import { describe, expect, it } from 'vitest';
import type { Run, RuntimeInfo } from '../../electron/contract/contract.js';
import { adviseRuntime } from '../../electron/engine/advisor/index.js';
import { measuredGain, rankFindings } from '../../electron/engine/advisor/rank.js';

const MAC = { platform: 'darwin' };
const rt: RuntimeInfo = {
  id: 'docker:desktop-linux',
  kind: 'docker-desktop',
  name: 'Docker Desktop',
  version: '4.40.0',
  state: 'running',
  settings: {},
  settingsSource: {},
  targets: [{ id: 'docker:desktop-linux', label: 'Docker Desktop', places: ['shared', 'guest', 'volume'] }],
  findings: [],
};

function run(id: string, create: Partial<Record<'shared' | 'volume', number>>, redis?: { tcp: number; unix: number }): Run {
  const sf = (place: 'shared' | 'volume', v: number) => ({
    test: 'small-files' as const,
    place,
    metrics: { create_per_s: { median: v, min: v, max: v, n: 3 } },
    tool: { name: 'sh', version: null, method: 'split' },
    params: {},
    command: 'sh',
    samples: { create_per_s: [v, v, v] },
  });
  const results = Object.entries(create).map(([p, v]) => sf(p as 'shared' | 'volume', v as number));
  if (redis)
    results.push({
      test: 'redis',
      place: 'guest',
      metrics: {
        set_rps_tcp: { median: redis.tcp, min: redis.tcp, max: redis.tcp, n: 3 },
        set_rps_unix: { median: redis.unix, min: redis.unix, max: redis.unix, n: 3 },
      },
      tool: { name: 'redis-benchmark', version: '7', method: 'x' },
      params: {},
      command: 'x',
      samples: {},
    } as never);
  return {
    schemaVersion: 1,
    id,
    startedAt: '2026-11-20T10:00:00Z',
    finishedAt: '2026-11-20T10:01:00Z',
    status: 'completed',
    suite: 'quick',
    tests: ['small-files'],
    app: { version: '0', platform: 'darwin', arch: 'arm64' },
    targets: [{ id: rt.id, runtime: rt.id, label: 'Docker Desktop', settings: {}, probe: null, results, errors: [], status: 'ok' }],
  };
}

describe('advice learned from measured ratios', () => {
  it('a shared folder creating files at 12% of the named volume: keep dependency folders in a named volume, with the compose snippet', () => {
    const [f] = adviseRuntime(rt, [run('R', { shared: 600, volume: 5000 })], MAC).filter((x) => x.setting === 'dependencyFolders');
    expect(f).toMatchObject({ id: 'docker:desktop-linux/dependencyFolders', current: 'bind mount', recommended: 'named volume', severity: 'high' });
    expect(f.evidence).toMatch(/^Your machine: creating small files in the shared folder 600 files\/s .* is 12% of the named volume 5000 files\/s/);
    expect(f.evidence).toContain('paolomainardi');
    expect(f.apply?.kind).toBe('steps');
    expect(JSON.stringify(f.apply)).toContain('node_modules:/app/node_modules');
    expect(measuredGain(f)).toBeCloseTo(5000 / 600, 6);
  });
  it('says nothing when the shared folder keeps up or nothing was measured', () => {
    expect(adviseRuntime(rt, [run('R', { shared: 4000, volume: 5000 })], MAC).map((x) => x.setting)).not.toContain('dependencyFolders');
    expect(adviseRuntime(rt, [], MAC).map((x) => x.setting)).not.toContain('dependencyFolders');
  });
  it('redis over a unix socket: the user’s own gain, and already fine when the socket buys little', () => {
    const big = rankFindings(adviseRuntime(rt, [run('R', {}, { tcp: 50000, unix: 90000 })], MAC)).find((x) => x.setting === 'redisTransport')!;
    expect(big).toMatchObject({ gainSource: 'measured', alreadyFine: false });
    expect(big.gain).toBeCloseTo(1.8, 6);
    expect(JSON.stringify(big.apply)).toContain('unixsocket /var/run/redis/redis.sock');
    const small = rankFindings(adviseRuntime(rt, [run('R', {}, { tcp: 88000, unix: 90000 })], MAC)).find((x) => x.setting === 'redisTransport')!;
    expect(small.alreadyFine).toBe(true);
  });
});
