import { describe, expect, it } from 'vitest';
import type { TestError } from '../../electron/contract.js';
import { failedTests, failureHelp, failureOs, groupTargetErrors } from '../../src/lib/failure-help.js';

// The message the Docker transport gives when its image cannot be built (electron/engine/transports/docker/image.ts).
const BUILD = "Building vmbench's bench image from bench-scripts/Dockerfile failed: pull access denied. Run with --image IMAGE to use an image the engine already has.";
const err = (test: TestError['test'], place: TestError['place'], code: string, message: string): TestError => ({ test, place, code, message });

describe('failure help', () => {
  const errors = [
    ...(['seq-write', 'seq-read', 'rand-read', 'small-files'] as const).flatMap((t) => (['shared', 'guest', 'volume'] as const).map((p) => err(t, p, 'image-build-failed', BUILD))),
    err('rand-read', 'volume', 'tool-missing', 'fio not found in the container'),
  ];
  it('groups identical causes into one entry with a count, most frequent first', () => {
    const groups = groupTargetErrors({ errors });
    expect(groups.map((g) => [g.code, g.count])).toEqual([
      ['image-build-failed', 12],
      ['tool-missing', 1],
    ]);
    expect(failedTests({ errors })).toEqual(['seq-write', 'seq-read', 'rand-read', 'small-files']);
  });
  it('words the fix in the app’s terms, never as a command-line flag', () => {
    const h = failureHelp({ code: 'image-build-failed', message: BUILD }, 'linux');
    expect(h.fix).toMatch(/Image field/);
    expect(`${h.cause} ${h.fix}`).not.toMatch(/--image/);
  });
  it('gives the install command for where the step ran: brew on a Mac host, apk on Alpine, apt-get otherwise', () => {
    expect(failureHelp({ code: 'tool-missing', message: 'fio not found' }, 'darwin').command).toBe('brew install fio');
    expect(failureHelp({ code: 'tool-missing', message: 'redis-server not found' }, 'Alpine Linux v3.20').command).toBe('apk add redis');
    expect(failureHelp({ code: 'tool-missing', message: 'nginx not found' }, 'Debian GNU/Linux 12').command).toBe('sudo apt-get install -y nginx-light');
    expect(failureHelp({ code: 'tool-missing', message: 'fio not found' }, 'linux').fix).toMatch(/fall back to dd/);
    const run = { app: { version: '0', platform: 'darwin', arch: 'arm64' } };
    expect(failureOs(run, { errors: [err('seq-write', 'native', 'x', 'y')], probe: null })).toBe('darwin');
    expect(failureOs(run, { errors: [err('seq-write', 'guest', 'x', 'y')], probe: null })).toBe('linux');
  });
});
