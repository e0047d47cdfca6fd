// The bench-script stdout parser: lines from chunks cut anywhere (also inside UTF-8 characters),
// and validation of every event kind; a line that is not an event is reported, never thrown.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BenchEvent } from '../../electron/contract/contract.js';
import { createLineSplitter, parseEvent } from '../../electron/engine/transports/ndjson.js';

const EVENTS: BenchEvent[] = [
  {
    event: 'probe',
    os: 'Linux Debian GNU/Linux 12 (bookworm)',
    kernel: '6.1.0',
    arch: 'x86_64',
    cpus: 2,
    cpuModel: 'Apple M2 — “Pro” ✓',
    memMiB: 1983,
    dirFsType: 'virtiofs',
    freeMiB: 1200,
    tools: { fio: '3.33', iperf3: null },
    mounts: [{ path: '/mnt/höst 🚀', fstype: 'virtiofs' }],
  },
  { event: 'start', test: 'seq-write', target: '/mnt/host', params: { sizeMiB: 512, trials: 3, tool: 'auto' } },
  { event: 'warmup', test: 'seq-write' },
  { event: 'progress', test: 'seq-write', done: 1, total: 3 },
  { event: 'sample', test: 'seq-write', trial: 1, metric: 'write_MBps', value: 1096.6 },
  { event: 'tool-output', test: 'rand-read', trial: 2, tool: 'fio', format: 'json', data: { 'fio version': 'fio-3.33', jobs: [{ read: { iops: 9425 } }] } },
  {
    event: 'result',
    test: 'seq-write',
    metrics: { write_MBps: { median: 1096.6, min: 733.2, max: 1343.2, n: 3 } },
    tool: { name: 'dd', version: null },
    method: 'dd bs=1M conv=fsync (fio not found)',
    params: { sizeMiB: 512, direct: false, ioengine: 'psync' },
    command: 'dd if=/x of=/y',
  },
  { event: 'error', test: 'rand-read', code: 'tool-missing', message: 'fio not found in guest: install fio (µs → ✓)' },
  { event: 'error', code: 'usage', message: 'no test' },
  { event: 'end' },
];
const STREAM = Buffer.from(EVENTS.map((e) => `${JSON.stringify(e)}\n`).join(''), 'utf8');
const EXPECTED = EVENTS.map((e) => JSON.stringify(e));

function split(chunks: Array<Uint8Array | string>): string[] {
  const lines: string[] = [];
  const s = createLineSplitter((l) => lines.push(l));
  for (const c of chunks) s.push(c);
  s.end();
  return lines;
}

describe('createLineSplitter', () => {
  it('gives the same lines for every single cut position (including inside multi-byte characters)', () => {
    for (let i = 0; i <= STREAM.length; i++) {
      expect(split([STREAM.subarray(0, i), STREAM.subarray(i)])).toEqual(EXPECTED);
    }
  });

  it('gives the same lines for arbitrary chunkings, byte by byte included', () => {
    expect(split([...STREAM].map((b) => Uint8Array.of(b)))).toEqual(EXPECTED);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: STREAM.length - 1 }), { maxLength: 40 }), (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), STREAM.length];
        const chunks = at.slice(1).map((end, i) => STREAM.subarray(at[i], end));
        expect(split(chunks)).toEqual(EXPECTED);
      }),
      { numRuns: 300 },
    );
  });

  it('delivers a complete line at once and the last unterminated line only on end()', () => {
    const lines: string[] = [];
    const s = createLineSplitter((l) => lines.push(l));
    s.push('{"event":"end"}\n{"event":"sta');
    expect(lines).toEqual(['{"event":"end"}']);
    s.push('rt"');
    expect(lines).toHaveLength(1);
    s.end();
    expect(lines).toEqual(['{"event":"end"}', '{"event":"start"']);
  });

  it('drops CR of CRLF and blank lines, and accepts string chunks', () => {
    expect(split(['a\r\n\r\n', '\n  \nb\r', '\nc'])).toEqual(['a', 'b', 'c']);
  });

  it('cuts a runaway line at maxLineLength instead of growing without bound', () => {
    const lines: string[] = [];
    const s = createLineSplitter((l) => lines.push(l), { maxLineLength: 10 });
    s.push('x'.repeat(25));
    s.push('\nok\n');
    s.end();
    expect(lines).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5), 'ok']);
  });
  it('keeps a CR inside a line, ends an unfinished character at end() and delivers the last line once', () => {
    const lines: string[] = [];
    const s = createLineSplitter((l) => lines.push(l));
    s.push('\rx\r\n');
    s.push(Uint8Array.of(0x61, 0xe3, 0x81));
    s.end();
    s.end();
    expect(lines).toEqual(['\rx', 'a\ufffd']);
  });

  it('by default keeps a long line whole', () => {
    const long = `{"event":"error","code":"x","message":"${'m'.repeat(100_000)}"}`;
    expect(split([long + '\n'])).toEqual([long]);
  });
});

describe('parseEvent', () => {
  it('accepts every event kind of the protocol as it is', () => {
    for (const e of EVENTS) expect(parseEvent(JSON.stringify(e))).toEqual({ ok: true, event: e });
  });

  it('accepts a minimal probe and tolerates surrounding spaces', () => {
    expect(parseEvent('  {"event":"probe"}  ')).toEqual({ ok: true, event: { event: 'probe' } });
  });

  it.each([
    ['plain text', 'fio: some warning', /not a JSON object/],
    ['broken JSON', '{"event":"end"', /invalid JSON/],
    ['a JSON array', '[1,2]', /not a JSON object/],
    ['no event field', '{"test":"seq-write"}', /no "event" field/],
    ['an unknown event', '{"event":"party"}', /unknown event "party"/],
    ['an unknown test', '{"event":"warmup","test":"fast"}', /invalid warmup event: test/],
    ['a sample with a text value', '{"event":"sample","test":"seq-read","trial":1,"metric":"read_MBps","value":"fast"}', /invalid sample event: value/],
    ['a sample without metric', '{"event":"sample","test":"seq-read","trial":1,"value":3}', /invalid sample event: metric/],
    ['a negative progress', '{"event":"progress","test":"seq-read","done":-1,"total":3}', /invalid progress event: done/],
    ['start without target', '{"event":"start","test":"seq-read"}', /invalid start event: target/],
    [
      'a result with a bad statistic',
      '{"event":"result","test":"seq-read","metrics":{"read_MBps":{"median":"x"}}}',
      /invalid result event: metrics\.read_MBps\.median/,
    ],
    ['a result with a nested param', '{"event":"result","test":"seq-read","params":{"a":{"b":1}}}', /invalid result event: params\.a/],
    [
      'tool-output in another format',
      '{"event":"tool-output","test":"seq-read","trial":1,"tool":"fio","format":"csv","data":""}',
      /invalid tool-output event: format/,
    ],
    ['an error without code', '{"event":"error","message":"x"}', /invalid error event: code/],
    ['a probe with text cpus', '{"event":"probe","cpus":"two"}', /invalid probe event: cpus/],
    ['a probe with a bad mount', '{"event":"probe","mounts":[{"path":"/"}]}', /invalid probe event: mounts\.0\.fstype/],
  ])('reports %s as not an event', (_name, line, reason) => {
    const r = parseEvent(line);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('quotes a long line to its first 80 characters, a short one whole', () => {
    const long = 'w'.repeat(100);
    expect(parseEvent(long)).toEqual({ ok: false, reason: `not an event (not a JSON object): ${'w'.repeat(80)}...` });
    expect(parseEvent('w'.repeat(80))).toEqual({ ok: false, reason: `not an event (not a JSON object): ${'w'.repeat(80)}` });
    expect(parseEvent('{"event":1}')).toEqual({ ok: false, reason: 'not an event (no "event" field): {"event":1}' });
  });

  it('an event named after an object property is unknown, not a crash', () => {
    for (const kind of ['toString', 'constructor', '__proto__']) {
      expect(parseEvent(JSON.stringify({ event: kind }))).toEqual({ ok: false, reason: `unknown event "${kind}"` });
    }
  });

  it('names the first invalid field and why', () => {
    expect(parseEvent('{"event":"warmup","test":"fast"}')).toMatchObject({ ok: false, reason: expect.stringMatching(/^invalid warmup event: test: \S/) });
  });

  it('never throws, whatever the line', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ event: 'sample', v })),
        ),
        (line) => {
          const r = parseEvent(line);
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 500 },
    );
  });
});
