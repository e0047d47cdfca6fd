/**
 * rand-write (bench-scripts/rand-write.sh) natively with real fio, run as the engine sends it (lib.sh +
 * the script on stdin of `sh -s -- ARGS`, the engine's own arguments with small sizes), its events
 * collected into a result the way the runner does (StepCollector, the catalogue's fio reading).
 */
import { readdirSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { scriptArgs } from '../../electron/engine/transports/bench-scripts.js';
import { StepCollector } from '../../electron/engine/bench/step-collector.js';
import { ofKind, processesMentioning, realDiskDir, runScript } from '../helpers/run-script.js';

const METRICS = ['write_iops', 'write_MBps', 'write_clat_p50_us', 'write_clat_p70_us', 'write_clat_p90_us', 'write_clat_p95_us', 'write_clat_p99_us'];

describe('rand-write natively, with real fio', () => {
  const dir = realDiskDir('vmbench-randwrite-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('measures 4k random writes at depth 32, flushed, and its result has IOPS, MB/s and the clat percentiles', async () => {
    const args = scriptArgs('rand-write', 'quick', dir, { overrides: { sizeMiB: 32, runtimeS: 1, rampS: 1 } });
    expect(args).toEqual([
      '--dir',
      dir,
      '--trials',
      '3',
      '--size-mib',
      '32',
      '--runtime-s',
      '1',
      '--ramp-s',
      '1',
      '--iodepth',
      '32',
      '--bs-kib',
      '4',
      '--tool',
      'auto',
    ]);
    const r = await runScript('rand-write', args);
    expect(r.bad, r.stderr).toEqual([]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.events.map((e) => e.event)).toEqual(['start', 'tool-output', 'progress', 'tool-output', 'progress', 'tool-output', 'progress', 'result', 'end']);
    const [result] = ofKind(r.events, 'result');
    expect(result).toMatchObject({
      test: 'rand-write',
      tool: { name: 'fio', version: expect.stringMatching(/^\d+\.\d+/) },
      params: { sizeMiB: 32, iodepth: 32, bsKiB: 4, trials: 3, direct: expect.any(Boolean) },
    });
    expect(result.command).toMatch(
      /^fio --name=rand-write .*--rw=randwrite --bs=4k .*--iodepth=32 .*--end_fsync=1 --fsync_on_close=1 .*--percentile_list=50:70:90:95:99/,
    );
    if (result.params?.direct) expect(result.command).toContain('--direct=1');
    // The engine's side: the tool-output events read by the catalogue's fio reading, three trials of every metric.
    const collector = new StepCollector('rand-write', 'native', () => undefined);
    for (const ev of r.events) collector.onEvent(ev);
    const { result: measured, errors } = collector.finish({ exitCode: r.code, cancelled: false, timedOut: false });
    expect(errors.filter((e) => e.code !== 'writeback-not-settled')).toEqual([]);
    expect(Object.keys(measured!.metrics)).toEqual(METRICS);
    for (const m of METRICS) {
      expect(measured!.metrics[m].n, m).toBe(3);
      expect(measured!.metrics[m].median, m).toBeGreaterThan(0);
    }
    const pcts = METRICS.slice(2).map((m) => measured!.metrics[m].median);
    expect([...pcts].sort((a, b) => a - b)).toEqual(pcts);
    expect(readdirSync(dir)).toEqual([]);
    expect(processesMentioning(dir)).toEqual([]);
  });

  it('has no sh fallback: --tool fallback is tool-missing, saying what to install, and writes nothing', async () => {
    const r = await runScript('rand-write', ['--dir', dir, '--tool', 'fallback']);
    expect(r.code).toBe(4);
    expect(r.events.map((e) => e.event)).toEqual(['start', 'error', 'end']);
    expect(ofKind(r.events, 'error')[0]).toMatchObject({
      test: 'rand-write',
      code: 'tool-missing',
      message: expect.stringMatching(/measuring random writes needs fio .* install fio/),
    });
    expect(readdirSync(dir)).toEqual([]);
  });
});
