/**
 * redis-benchmark `--csv` output to vmbench samples. Two CSV layouts exist: the old one
 * (Redis <= 6: `"SET","123456.79"` per line, no header) and the newer one (Redis >= 7: a header
 * `"test","rps","avg_latency_ms",...,"p50_latency_ms",...,"p99_latency_ms",...`). Names:
 * set_rps_tcp, get_rps_unix, set_rps_remote, set_p50_ms_tcp, get_p99_ms_unix, ... (latencies only when reported);
 * "remote" is a redis-server in a second container of the same image (redis.sh --remote).
 */

/** One value a redis-benchmark run measured. */
export interface RedisSample {
  metric: string;
  value: number;
}

/** How the benchmark reached the server: TCP or a unix socket in the same guest, or TCP to a server in another container. */
export type RedisTransport = 'tcp' | 'unix' | 'remote';
const TRANSPORTS: readonly string[] = ['tcp', 'unix', 'remote'];

const COMMANDS: Record<string, string> = { SET: 'set', GET: 'get' };

function fields(line: string): string[] {
  return line.split(',').map((f) => f.trim().replace(/^"|"$/g, ''));
}

/** Samples of one `redis-benchmark --csv -t set,get` output over one transport; throws when SET/GET are missing. */
export function redisSamples(csv: string, transport: RedisTransport): RedisSample[] {
  const lines = csv
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.startsWith('"'));
  let header: string[] | null = null;
  const samples: RedisSample[] = [];
  for (const line of lines) {
    const f = fields(line);
    if (f[0] === 'test') {
      header = f;
      continue;
    }
    const cmd = COMMANDS[f[0]?.split(' ')[0] ?? ''];
    if (!cmd || f[0].includes(' ')) continue;
    const col = (name: string, fallback: number): number => {
      const i = header ? header.indexOf(name) : -1;
      return Number(f[i >= 0 ? i : fallback]);
    };
    const rps = col('rps', 1);
    if (!Number.isFinite(rps) || rps <= 0) throw new Error(`redis-benchmark reported no rate for ${f[0]}: ${line}`);
    samples.push({ metric: `${cmd}_rps_${transport}`, value: rps });
    if (header) {
      for (const p of ['p50', 'p99'] as const) {
        if (!header.includes(`${p}_latency_ms`)) continue;
        const v = col(`${p}_latency_ms`, -1);
        if (Number.isFinite(v)) samples.push({ metric: `${cmd}_${p}_ms_${transport}`, value: v });
      }
    }
  }
  for (const cmd of ['set', 'get']) {
    if (!samples.some((s) => s.metric === `${cmd}_rps_${transport}`)) {
      throw new Error(`redis-benchmark output has no ${cmd.toUpperCase()} line: expected --csv -t set,get`);
    }
  }
  return samples;
}

/** Samples of the redis.sh tool-output data {"transport":"tcp"|"unix"|"remote","csv":"..."}. */
export function redisToolOutputSamples(data: unknown): RedisSample[] {
  const d = data as { transport?: unknown; csv?: unknown } | null;
  if (!d || typeof d.csv !== 'string' || typeof d.transport !== 'string' || !TRANSPORTS.includes(d.transport)) {
    throw new Error('redis tool-output must be {"transport":"tcp"|"unix"|"remote","csv":"..."}');
  }
  return redisSamples(d.csv, d.transport as RedisTransport);
}
