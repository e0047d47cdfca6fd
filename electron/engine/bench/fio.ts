/**
 * fio's JSON output (`--output-format=json`, fio 2.x and 3.x) to vmbench samples.
 *
 * Which metric is which quantity of the output is the test's catalogue entry (`fio`: the read or write
 * section, MB/s, IOPS, clat percentiles); one generic reader applies it.
 * Units: MB = 10^6 bytes (so write_MBps / read_MBps are 10^6 bytes per second, as disk vendors
 * and fio's "MB/s" print them; fio's "MiB/s" is 2^20); latencies are microseconds.
 * Several jobs in one output (numjobs without group_reporting): IOPS and bandwidth are summed;
 * latency percentiles cannot be merged from percentiles, so they come from the job that did
 * the most I/O (total_ios, else io_bytes).
 * Old fio (2.x) lacks bw_bytes (bw is KiB/s) and reports clat/lat in µs instead of
 * clat_ns/lat_ns: both are read. If clat has no percentiles, lat's (total latency) are used.
 */
import { z } from 'zod';
import type { TestId } from '../../contract/contract.js';
import { testSpec, type FioField, type FioReading } from '../../contract/test-catalogue.js';

/** One value a fio run measured, named as in docs/bench-protocol.md (write_MBps, read_iops, clat_p99_us, ...). */
export interface FioSample {
  metric: string;
  value: number;
}

const num = z.number();
const latency = z.looseObject({ percentile: z.record(z.string(), num).optional() });
const section = z.looseObject({
  io_bytes: num.optional(),
  bw_bytes: num.optional(),
  bw: num.optional(),
  iops: num.optional(),
  total_ios: num.optional(),
  clat_ns: latency.optional(),
  clat: latency.optional(),
  lat_ns: latency.optional(),
  lat: latency.optional(),
});
const job = z.looseObject({
  jobname: z.string().optional(),
  error: num.optional(),
  read: section.optional(),
  write: section.optional(),
});
const output = z.looseObject({ 'fio version': z.string().optional(), jobs: z.array(job) });

type Section = z.infer<typeof section>;
type Direction = 'read' | 'write';

function decode(json: unknown): z.infer<typeof output> {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (e) {
      throw new Error(`fio output is not valid JSON (truncated?): ${(e as Error).message}`, { cause: e });
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('fio output is not a JSON object: expected fio --output-format=json');
  }
  const parsed = output.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`fio output has an unexpected shape at "${issue.path.join('.')}": ${issue.message}`);
  }
  if (parsed.data.jobs.length === 0) throw new Error('fio output has no jobs');
  for (const j of parsed.data.jobs) {
    if (j.error) throw new Error(`fio job "${j.jobname ?? '?'}" failed with error ${j.error}`);
  }
  return parsed.data;
}

/** Bytes per second of one section: bw_bytes, else bw (KiB/s). */
function bytesPerSec(s: Section): number {
  if (s.bw_bytes !== undefined) return s.bw_bytes;
  if (s.bw !== undefined) return s.bw * 1024;
  throw new Error('fio output has neither bw_bytes nor bw');
}

function sections(data: z.infer<typeof output>, dir: Direction): Section[] {
  const found = data.jobs.map((j) => j[dir]).filter((s): s is Section => s !== undefined);
  if (found.length === 0) throw new Error(`fio output has no ${dir} section`);
  const ios = found.reduce((a, s) => a + (s.total_ios ?? s.io_bytes ?? 0), 0);
  if (ios <= 0) throw new Error(`fio did no ${dir} I/O (all ${dir} sections are empty)`);
  return found;
}

/** Bandwidth of the sections in MB/s (10^6 bytes per second), summed over jobs. */
function megabytesPerSec(list: Section[]): number {
  return list.reduce((a, s) => a + bytesPerSec(s), 0) / 1e6;
}

/** IOPS of the sections, summed over jobs. */
function iops(list: Section[], dir: Direction): number {
  return list.reduce((a, s) => {
    if (s.iops === undefined) throw new Error(`fio output has no iops in a ${dir} section`);
    return a + s.iops;
  }, 0);
}

/** Percentile map in µs of the section: clat_ns, clat (µs), lat_ns, lat (µs). */
function percentilesUs(s: Section): Map<number, number> {
  const sources: Array<[z.infer<typeof latency> | undefined, number]> = [
    [s.clat_ns, 1 / 1000],
    [s.clat, 1],
    [s.lat_ns, 1 / 1000],
    [s.lat, 1],
  ];
  for (const [lat, scale] of sources) {
    const p = lat?.percentile;
    if (!p || Object.keys(p).length === 0) continue;
    const m = new Map<number, number>();
    for (const [k, v] of Object.entries(p)) m.set(Number.parseFloat(k), v * scale);
    return m;
  }
  throw new Error('fio output has no latency percentiles (clat_ns/clat/lat_ns/lat)');
}

function busiest(list: Section[]): Section {
  return list.reduce((best, s) => ((s.total_ios ?? s.io_bytes ?? 0) > (best.total_ios ?? best.io_bytes ?? 0) ? s : best));
}

/** The percentile of a clat field (clat_p99 -> 99), or null for another quantity. */
function percentileOf(field: FioField): number | null {
  return field.startsWith('clat_p') ? Number(field.slice('clat_p'.length)) : null;
}

/** Applies a test's fio reading (its catalogue entry's `fio`) to one decoded output. */
function read(data: z.infer<typeof output>, reading: FioReading): FioSample[] {
  const list = sections(data, reading.rw);
  const fields = Object.values(reading.metrics);
  const wanted = fields.map(percentileOf).filter((p): p is number => p !== null);
  const pct = wanted.length > 0 ? percentilesUs(busiest(list)) : new Map<number, number>();
  return Object.entries(reading.metrics).map(([metric, field]) => {
    if (field === 'MBps') return { metric, value: megabytesPerSec(list) };
    if (field === 'iops') return { metric, value: iops(list, reading.rw) };
    const p = percentileOf(field)!;
    const v = pct.get(p);
    if (v === undefined) throw new Error(`fio output has no ${p}th latency percentile (run fio with --percentile_list=${wanted.join(':')})`);
    return { metric, value: v };
  });
}

/** Maps one fio JSON output (object or its text) to the metrics of a fio test, as its catalogue entry says; throws a clear Error on garbage. */
export function fioSamples(test: TestId, json: unknown): FioSample[] {
  const data = decode(json);
  // Stryker disable next-line OptionalChaining: every TestId has a catalogue entry (the type allows no other).
  const reading = testSpec(test)?.fio;
  if (!reading) throw new Error(`fio output does not apply to the ${test} test`);
  const out = read(data, reading);
  for (const s of out) {
    if (!Number.isFinite(s.value) || s.value < 0) throw new Error(`fio output gives an invalid ${s.metric}: ${s.value}`);
  }
  return out;
}
