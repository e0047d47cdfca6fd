/**
 * The JSON line http.sh's wrk Lua done() prints, to vmbench samples: req_per_s, lat_p50_ms,
 * lat_p99_ms. A run with socket errors or non-2xx/3xx responses is refused (the number would
 * measure error pages or dropped connections, not the file).
 */
import { z } from 'zod';

/** One value a wrk run measured. */
export interface WrkSample {
  metric: 'req_per_s' | 'lat_p50_ms' | 'lat_p99_ms';
  value: number;
}

const report = z.looseObject({
  requests: z.number(),
  req_per_s: z.number(),
  lat_p50_ms: z.number(),
  lat_p99_ms: z.number(),
  errors: z.looseObject({ connect: z.number(), read: z.number(), write: z.number(), status: z.number(), timeout: z.number() }),
});

/** Samples of one wrk report (an object or the JSON line); throws on errors or a wrong shape. */
export function wrkSamples(json: unknown): WrkSample[] {
  let value = json;
  if (typeof value === 'string') {
    const line = value.split('\n').reverse().find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error('wrk output has no JSON report line: expected the Lua done() of http.sh');
    value = JSON.parse(line);
  }
  const parsed = report.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`wrk report has an unexpected shape at "${issue.path.join('.')}": ${issue.message}`);
  }
  const r = parsed.data;
  if (r.requests <= 0) throw new Error('wrk completed no request');
  const e = r.errors;
  if (e.status > 0) throw new Error(`wrk got ${e.status} non-2xx/3xx responses out of ${r.requests}`);
  const socket = e.connect + e.read + e.write + e.timeout;
  if (socket > 0) throw new Error(`wrk had ${socket} socket errors (connect ${e.connect}, read ${e.read}, write ${e.write}, timeout ${e.timeout})`);
  return [
    { metric: 'req_per_s', value: r.req_per_s },
    { metric: 'lat_p50_ms', value: r.lat_p50_ms },
    { metric: 'lat_p99_ms', value: r.lat_p99_ms },
  ];
}
