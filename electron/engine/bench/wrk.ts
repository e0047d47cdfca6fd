/**
 * The JSON line http.sh's wrk Lua done() prints, to vmbench samples. http.sh runs wrk twice a
 * trial and names each report's `kind`: "static" (one 64 KiB file: req_per_s, lat_p50_ms,
 * lat_p99_ms) and "site" (a request() cycling through the small pages: site_req_per_s,
 * site_lat_p50_ms, site_lat_p99_ms). A report without `kind` (an earlier http.sh) is the static
 * file. A run with socket errors or non-2xx/3xx responses is refused (the number would measure
 * error pages or dropped connections, not the files).
 */
import { z } from 'zod';

/** What one wrk run of http.sh measured: the static file or the small site. */
export type WrkKind = 'static' | 'site';

/** A metric a wrk run measures. */
export type WrkMetric = 'req_per_s' | 'lat_p50_ms' | 'lat_p99_ms' | 'site_req_per_s' | 'site_lat_p50_ms' | 'site_lat_p99_ms';

/** One value a wrk run measured. */
export interface WrkSample {
  metric: WrkMetric;
  value: number;
}

const report = z.looseObject({
  requests: z.number(),
  req_per_s: z.number(),
  lat_p50_ms: z.number(),
  lat_p99_ms: z.number(),
  errors: z.looseObject({ connect: z.number(), read: z.number(), write: z.number(), status: z.number(), timeout: z.number() }),
  kind: z.enum(['static', 'site']).optional(),
});

const WHAT: Record<WrkKind, string> = { static: 'the static file', site: 'the small site' };

/** Samples of one wrk report (an object or the JSON line); throws on errors or a wrong shape. */
export function wrkSamples(json: unknown): WrkSample[] {
  let value = json;
  if (typeof value === 'string') {
    const line = value
      .split('\n')
      .reverse()
      .find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error('wrk output has no JSON report line: expected the Lua done() of http.sh');
    value = JSON.parse(line);
  }
  const parsed = report.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`wrk report has an unexpected shape at "${issue.path.join('.')}": ${issue.message}`);
  }
  const r = parsed.data;
  const kind: WrkKind = r.kind ?? 'static';
  if (r.requests <= 0) throw new Error(`wrk completed no request (${WHAT[kind]})`);
  const e = r.errors;
  if (e.status > 0) throw new Error(`wrk got ${e.status} non-2xx/3xx responses out of ${r.requests} (${WHAT[kind]})`);
  const socket = e.connect + e.read + e.write + e.timeout;
  if (socket > 0)
    throw new Error(`wrk had ${socket} socket errors (connect ${e.connect}, read ${e.read}, write ${e.write}, timeout ${e.timeout}) on ${WHAT[kind]}`);
  const prefix = kind === 'site' ? 'site_' : '';
  return [
    { metric: `${prefix}req_per_s` as WrkMetric, value: r.req_per_s },
    { metric: `${prefix}lat_p50_ms` as WrkMetric, value: r.lat_p50_ms },
    { metric: `${prefix}lat_p99_ms` as WrkMetric, value: r.lat_p99_ms },
  ];
}
