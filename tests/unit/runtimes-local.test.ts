import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { createDetectContext } from '../../electron/engine/runtimes/detect.js';
import { localKind, parseOsRelease } from '../../electron/engine/runtimes/local.js';

describe('local (this machine)', () => {
  it('is always present and running, with cpus, memory, os and arch', async () => {
    const [me] = await localKind.detect(createDetectContext({ dataDir: os.tmpdir() }));
    expect(me).toMatchObject({
      id: 'local',
      kind: 'local',
      name: 'This machine',
      state: 'running',
      targets: [{ id: 'local', label: 'This machine', places: ['native'] }],
    });
    expect(me.settings).toMatchObject({ cpus: os.cpus().length, memoryMiB: Math.round(os.totalmem() / 1024 ** 2), arch: process.arch });
    expect(typeof me.settings.os).toBe('string');
    expect(typeof me.version).toBe('string');
  });

  it('reads /etc/os-release', () => {
    expect(parseOsRelease('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\n# c\njunk')).toEqual({
      prettyName: 'Debian GNU/Linux 12 (bookworm)',
      name: 'Debian GNU/Linux',
      versionId: '12',
    });
  });
});
