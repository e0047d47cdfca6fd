// Suite presets, their estimates, the script arguments and the script sources.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Suite } from '../../electron/contract/contract.js';
import {
  estimateSec,
  HTTP_REQUEST_TIMEOUT_S,
  RUNNABLE_TESTS,
  SCRIPT_TESTS,
  scriptArgs,
  scriptSource,
  scriptsDir,
  slowTargetArgs,
  suiteParams,
  timeoutSec,
} from '../../electron/engine/transports/bench-scripts.js';
import { EMULATION_TIMEOUT_SCALE } from '../../electron/engine/util/host-context.js';
import { libvirtTransport } from '../../electron/engine/transports/libvirt/for-runtime.js';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import type { DetectContext } from '../../electron/engine/runtimes/support/types.js';
import { paramFlag, testSpec } from '../../electron/contract/test-catalogue.js';

const SUITES: Suite[] = ['quick', 'standard', 'thorough'];
const lib = readFileSync(new URL('../../bench-scripts/lib.sh', import.meta.url), 'utf8');

describe('suite presets', () => {
  it('use at least 3 trials everywhere, and more trials and bigger files as suites grow', () => {
    for (const test of SCRIPT_TESTS) {
      const [q, s, t] = SUITES.map((suite) => suiteParams(suite, test));
      expect(q.trials).toBeGreaterThanOrEqual(3);
      expect(s.trials).toBeGreaterThan(q.trials);
      expect(t.trials).toBeGreaterThan(s.trials);
      const size = (p: Record<string, number>): number => p.sizeMiB ?? p.files;
      expect(size(s)).toBeGreaterThan(size(q));
      expect(size(t)).toBeGreaterThan(size(s));
    }
  });

  it('give rand-read the seed-004 shape: 4k, iodepth 32, a discarded ramp', () => {
    for (const suite of SUITES) expect(suiteParams(suite, 'rand-read')).toMatchObject({ bsKiB: 4, iodepth: 32, rampS: expect.any(Number) });
    expect(suiteParams('quick', 'rand-read').rampS).toBeGreaterThan(0);
  });

  it('return a copy, so a caller cannot change the preset', () => {
    suiteParams('quick', 'seq-write').trials = 99;
    expect(suiteParams('quick', 'seq-write').trials).toBe(3);
  });

  it('estimate the quick suite at about a minute, and the bigger suites longer', () => {
    const total = (suite: Suite): number => SCRIPT_TESTS.reduce((a, t) => a + estimateSec(suite, t), 0);
    expect(total('quick')).toBeGreaterThanOrEqual(40);
    expect(total('quick')).toBeLessThanOrEqual(80);
    expect(total('standard')).toBeGreaterThan(total('quick'));
    expect(total('thorough')).toBeGreaterThan(total('standard'));
    for (const suite of SUITES)
      for (const t of SCRIPT_TESTS) {
        expect(Number.isInteger(estimateSec(suite, t))).toBe(true);
        expect(timeoutSec(suite, t)).toBeGreaterThan(estimateSec(suite, t) * 5);
      }
  });

  it("never time a redis run out before redis.sh's own caps (every redis-benchmark run of every trial at maxS)", () => {
    for (const suite of SUITES) {
      const p = suiteParams(suite, 'redis');
      expect(timeoutSec(suite, 'redis')).toBeGreaterThan(p.trials * 3 * (p.maxS! + 2));
    }
    // The quick suite in a slow emulated guest (redis at ~2,600 SET/s: 6 runs of ~15 s) fits.
    expect(timeoutSec('quick', 'redis')).toBeGreaterThanOrEqual(3 * 3 * 32);
  });

  it('refuse tests without a script', () => {
    expect(() => suiteParams('quick', 'iops' as Parameters<typeof suiteParams>[1])).toThrow(/no bench script/);
    expect(() => estimateSec('quick', 'latency' as Parameters<typeof estimateSec>[1])).toThrow(/no bench script/);
  });
});

describe('scriptArgs', () => {
  it('turns the preset into --key value pairs after --dir, then --tool', () => {
    expect(scriptArgs('rand-read', 'quick', '/mnt/host dir')).toEqual([
      '--dir',
      '/mnt/host dir',
      '--trials',
      '3',
      '--size-mib',
      '256',
      '--runtime-s',
      '10',
      '--ramp-s',
      '2',
      '--iodepth',
      '32',
      '--bs-kib',
      '4',
      '--tool',
      'auto',
    ]);
    expect(scriptArgs('small-files', 'thorough', '/d', { tool: 'fallback' })).toEqual([
      '--dir',
      '/d',
      '--trials',
      '7',
      '--files',
      '20000',
      '--size-bytes',
      '4096',
      '--tool',
      'fallback',
    ]);
  });

  it('gives the probe only --dir', () => {
    expect(scriptArgs('probe', 'standard', '/x')).toEqual(['--dir', '/x']);
  });

  it('applies overrides and rejects unknown or fractional ones', () => {
    const a = scriptArgs('seq-write', 'quick', '/d', { overrides: { sizeMiB: 32, trials: 5 } });
    expect(a.slice(a.indexOf('--size-mib'), a.indexOf('--size-mib') + 2)).toEqual(['--size-mib', '32']);
    expect(a.slice(a.indexOf('--trials'), a.indexOf('--trials') + 2)).toEqual(['--trials', '5']);
    expect(() => scriptArgs('seq-write', 'quick', '/d', { overrides: { speed: 1 } })).toThrow(/unknown parameter "speed"/);
    expect(() => scriptArgs('seq-write', 'quick', '/d', { overrides: { sizeMiB: 1.5 } })).toThrow(/whole number/);
  });

  it('turns every parameter name into its --kebab-case flag, a binary unit one word, unless the entry names the flag', () => {
    expect(
      [
        'sizeMiB',
        'bsKiB',
        'maxS',
        'runtimeS',
        'rampS',
        'iodepth',
        'files',
        'sizeBytes',
        'streams',
        'requests',
        'clients',
        'seed',
        'events',
        'boundMs',
        'timeoutS',
      ].map((n) => paramFlag(n)),
    ).toEqual([
      '--size-mib',
      '--bs-kib',
      '--max-s',
      '--runtime-s',
      '--ramp-s',
      '--iodepth',
      '--files',
      '--size-bytes',
      '--streams',
      '--requests',
      '--clients',
      '--seed',
      '--events',
      '--bound-ms',
      '--timeout-s',
    ]);
    expect(paramFlag('sizeGiB')).toBe('--size-gib');
    expect(paramFlag('queueDepth', { flags: { queueDepth: '--qd' } })).toBe('--qd');
    expect(paramFlag('sizeMiB', { flags: { queueDepth: '--qd' } })).toBe('--size-mib');
  });

  // lib.sh + a test's fragment without its last line (the call of its main), then the parser on ARGS, then the variables.
  const parsed = (shell: string[], test: string, args: string[], vars: string[]): { status: number | null; out: string } => {
    const fragment = readFileSync(join(scriptsDir(), testSpec(test)?.script ?? `${test}.sh`), 'utf8')
      .trimEnd()
      .split('\n')
      .slice(0, -1)
      .join('\n');
    const probe = `VB_TEST=${test}\nvb_parse_args "$@"\n${vars.map((v) => `printf '%s=%s\\n' ${v} "$${v}"`).join('\n')}\n`;
    const r = spawnSync(shell[0], [...shell.slice(1), '-s', '--', ...args], { input: `${lib}\n${fragment}\n${probe}`, encoding: 'utf8' });
    return { status: r.status, out: r.stdout + r.stderr };
  };
  const SHELLS: string[][] = [['sh'], ['bash', '--posix'], ...(spawnSync('busybox', ['true']).status === 0 ? [['busybox', 'sh']] : [])];
  const varOf = (flag: string): string => `VB_${flag.slice(2).toUpperCase().replace(/-/g, '_')}`;

  it.each(SHELLS.map((s) => [s.join(' '), s]))("hands every flag the engine sends to its script's variable, in %s", (_name, shell) => {
    for (const suite of SUITES)
      for (const t of RUNNABLE_TESTS) {
        const args = [...scriptArgs(t, suite, '/d'), ...slowTargetArgs(t, EMULATION_TIMEOUT_SCALE)];
        const pairs: [string, string][] = [];
        for (let i = 2; i < args.length - 2; i += 2) pairs.push([varOf(args[i]), args[i + 1]]);
        expect(pairs.length, t).toBeGreaterThan(0);
        const r = parsed(shell, t, args, ['VB_DIR', 'VB_TOOL', ...pairs.map(([v]) => v)]);
        expect(r.status, `${t} ${suite}: ${r.out}`).toBe(0);
        expect(r.out.trim().split('\n'), `${t} ${suite}`).toEqual([`VB_DIR=/d`, `VB_TOOL=auto`, ...pairs.map(([v, x]) => `${v}=${x}`)]);
      }
  });

  it.each(SHELLS.map((s) => [s.join(' '), s]))('refuses an unknown flag or a value that is not a whole number, clearly, in %s', (_name, shell) => {
    const refused = (test: string, args: string[], says: string): void => {
      const r = parsed(shell, test, ['--dir', '/d', ...args], ['VB_TRIALS']);
      expect(r.status, `${test} ${args.join(' ')}: ${r.out}`).toBe(2);
      expect(r.out).toContain(says);
      expect(r.out).not.toContain('VB_TRIALS=');
    };
    refused('seq-write', ['--trials', 'three'], "--trials needs a whole number, not 'three'");
    refused('seq-write', ['--size-mib', '1;rm -rf x'], "--size-mib needs a whole number, not '1;rm -rf x'");
    refused('seq-write', ['--size-mib', '-1'], "--size-mib needs a whole number, not '-1'");
    refused('seq-write', ['--bogus', '1'], 'unknown argument --bogus');
    refused('seq-write', ['--Trials', '1'], 'unknown argument --Trials');
    refused('seq-write', ['--size', '1'], 'unknown argument --size'); // a part of --size-mib is no flag
    refused('seq-write', ['--trials size-mib', '1'], 'unknown argument --trials size-mib');
    refused('seq-write', ['--', '1'], 'unknown argument --');
    refused('seq-write', ['--seed', '1'], 'unknown argument --seed'); // dev-tree's own flag, not seq-write's
    refused('dev-tree', ['--seed', '1;rm'], "--seed needs a whole number, not '1;rm'");
    refused('net', ['--streams', 'x'], "--streams needs a whole number, not 'x'");
    refused('watch', ['--bound-ms', '1.5'], "--bound-ms needs a whole number, not '1.5'");
    refused('seq-write', ['--trials'], 'missing value for --trials');
    refused('seq-write', ['trials', '3'], "unexpected argument 'trials'");
    refused('seq-write', ['--tool', 'dd'], "--tool must be auto, fio or fallback, not 'dd'");
  });
});

describe('scriptSource', () => {
  afterEach(() => {
    delete process.env.VMBENCH_SCRIPTS_DIR;
  });

  it('is lib.sh, a newline, then the test fragment that calls its main last', () => {
    for (const name of ['probe', ...SCRIPT_TESTS]) {
      const src = scriptSource(name);
      expect(src.startsWith(lib)).toBe(true);
      const fragment = readFileSync(join(scriptsDir(), `${name}.sh`), 'utf8');
      expect(src).toBe(`${lib}\n${fragment}`);
      expect(fragment.trimEnd().split('\n').at(-1)).toMatch(/^vb_[a-z_]+_main "\$@"$/);
    }
  });

  it('finds bench-scripts/ at the package root', () => {
    expect(scriptsDir()).toBe(join(new URL('../..', import.meta.url).pathname, 'bench-scripts'));
  });

  it('refuses names that are not scripts (no path tricks)', () => {
    expect(() => scriptSource('../package')).toThrow(/no bench script named/);
    expect(() => scriptSource('lib')).toThrow(/no bench script named/);
    expect(() => scriptSource('Dockerfile')).toThrow(/no bench script named/);
  });

  it('honours VMBENCH_SCRIPTS_DIR', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vmbench-scripts-env-'));
    try {
      writeFileSync(join(dir, 'lib.sh'), 'LIB=1');
      writeFileSync(join(dir, 'probe.sh'), 'vb_probe_main "$@"');
      process.env.VMBENCH_SCRIPTS_DIR = dir;
      expect(scriptSource('probe')).toBe('LIB=1\nvb_probe_main "$@"');
      process.env.VMBENCH_SCRIPTS_DIR = join(dir, 'nowhere');
      expect(() => scriptSource('probe')).toThrow(/VMBENCH_SCRIPTS_DIR=.*has no lib\.sh/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("an emulated guest's http time-out", () => {
  it('scales wrk per-request time-out with the transport, for http only', () => {
    expect(slowTargetArgs('http', EMULATION_TIMEOUT_SCALE)).toEqual(['--timeout-s', String(HTTP_REQUEST_TIMEOUT_S * EMULATION_TIMEOUT_SCALE)]);
    expect(slowTargetArgs('http', 1)).toEqual([]);
    expect(slowTargetArgs('http')).toEqual([]);
    expect(slowTargetArgs('rand-read', EMULATION_TIMEOUT_SCALE)).toEqual([]);
  });

  it('a libvirt domain under pure emulation (vmType qemu) passes it to http, one with KVM does not', () => {
    const rt = (vmType: string): RuntimeInfo =>
      ({ id: 'libvirt:tcg', kind: 'libvirt', name: 'tcg', settings: { guestAgent: 'answers', vmType } }) as unknown as RuntimeInfo;
    const ctx = { env: {} } as unknown as DetectContext;
    expect(libvirtTransport(rt('qemu'), 'libvirt:tcg', ctx)?.extraArgs?.('http', 'guest')).toEqual(['--timeout-s', '20']);
    expect(libvirtTransport(rt('qemu'), 'libvirt:tcg', ctx)?.extraArgs?.('seq-write', 'guest')).toEqual([]);
    expect(libvirtTransport(rt('kvm'), 'libvirt:tcg', ctx)?.extraArgs?.('http', 'guest')).toEqual([]);
  });

  it('http.sh knows --timeout-s: a bad value is a usage error that names it (checked before nginx and wrk are looked for)', () => {
    for (const [value, says] of [
      ['0', '--timeout-s must be greater than 0'],
      ['x', "--timeout-s needs a whole number, not 'x'"],
    ]) {
      const r = spawnSync('sh', ['-s', '--', '--dir', tmpdir(), '--timeout-s', value], { input: scriptSource('http'), encoding: 'utf8' });
      expect(r.status, r.stdout + r.stderr).toBe(2);
      expect(r.stdout + r.stderr).toContain(says);
    }
  });
});
