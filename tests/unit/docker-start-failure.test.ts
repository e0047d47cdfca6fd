// A container the engine would not start: the error says what the engine said, and gives the file-sharing hint only
// when the engine's words are about the shared folder's bind mount. Real refusals of Podman 4.3.1, dockerd 20.10.24
// and Docker Desktop (tests/fixtures/runtimes/container-start-errors/SOURCES.txt).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { errorText } from '../../electron/messages/error-text.js';
import { isSharedMountError, startFailure } from '../../electron/engine/transports/docker/guest.js';
import { local } from '../helpers/runtimes-stubs.js';

const DIR = local('container-start-errors');
/** One captured message, as messageOf() gives it (the JSON body's message, trimmed). */
const said = (f: string): string => readFileSync(`${DIR}/${f}`, 'utf8').trim();
/** The shared folder each capture bind-mounted (the Docker Desktop ones: the path their message names). */
const SHARED: Record<string, string> = {
  'docker-desktop-4.25.0-mounts-denied.txt': '/data/home/Mike/Github/apitable/.data/mysql',
  'docker-desktop-mounts-denied-lowercase.txt': '/home/martin/Projects/haven-kit/data/config',
  'docker-20.10.24-bind-source-missing.txt': '/tmp/h43podman-try/no-such-folder',
  'docker-20.10.24-bind-source-under-file.txt': '/tmp/h43podman-try/afile/shared',
  'podman-4.3.1-bind-source-under-file.txt': '/tmp/h43podman-try/afile/shared',
};
/** Every other capture bind-mounted this folder, which started fine elsewhere: the refusal is not about it. */
const OTHER_SHARED = '/tmp/h43podman-try/shared';
const MOUNT = Object.keys(SHARED);
const NOT_MOUNT = [
  'podman-4.3.1-crun-rlimit-nproc.txt',
  'podman-4.3.1-crun-rlimit-nofile.txt',
  'podman-4.3.1-runc-rlimit.txt',
  'podman-4.3.1-crun-hybrid-cgroups.txt',
  'podman-4.3.1-no-sh.txt',
  'docker-20.10.24-no-sh.txt',
];

describe('container start failures', () => {
  it('covers every capture', () => {
    expect(
      readdirSync(DIR)
        .filter((f) => f.endsWith('.txt') && f !== 'SOURCES.txt')
        .sort(),
    ).toEqual([...MOUNT, ...NOT_MOUNT].sort());
  });

  it('takes a bind source the engine refused for a mount problem, and nothing else', () => {
    expect(MOUNT.filter((f) => !isSharedMountError(said(f), SHARED[f]))).toEqual([]);
    // Each of these ends in "permission denied", "runtime error" or "not found": none is about the shared folder.
    expect(NOT_MOUNT.filter((f) => isSharedMountError(said(f), OTHER_SHARED))).toEqual([]);
  });

  it("says what Podman said about its rlimits, in its name, without Docker Desktop's file-sharing hint", () => {
    const error = said('podman-4.3.1-crun-rlimit-nproc.txt');
    const err = startFailure({ engine: 'Podman Engine (default)', image: 'localhost/vmbench-guest:local', sharedHostDir: OTHER_SHARED }, error);
    expect(err.ref).toEqual({
      key: 'errors.docker.startRefused',
      params: { engine: 'Podman Engine (default)', image: 'localhost/vmbench-guest:local', error },
    });
    const en = errorText(err, 'en');
    expect(en).toBe(
      'Podman Engine (default) could not start the bench container from localhost/vmbench-guest:local. The engine said: crun: setrlimit `RLIMIT_NPROC`: Operation not permitted: OCI permission denied',
    );
    expect(en).not.toMatch(/File sharing|Docker Desktop|VMBENCH_SHARED_DIR/);
    expect(errorText(err, 'ja')).toBe(
      'Podman Engine (default) は localhost/vmbench-guest:local からベンチ用コンテナを起動できませんでした。エンジンのメッセージ: crun: setrlimit `RLIMIT_NPROC`: Operation not permitted: OCI permission denied',
    );
  });

  it('gives the file-sharing hint, with the folder and what the engine said, for a refused bind mount', () => {
    const f = 'docker-20.10.24-bind-source-missing.txt';
    const err = startFailure({ engine: 'Docker Engine (default)', image: 'vmbench-guest:local', sharedHostDir: SHARED[f] }, said(f));
    expect(err.ref.key).toBe('errors.docker.startRefusedMount');
    for (const lang of ['en', 'ja'] as const) {
      const t = errorText(err, lang);
      expect(t).toContain(SHARED[f]);
      expect(t).toContain('VMBENCH_SHARED_DIR');
      expect(t.endsWith(said(f))).toBe(true);
    }
  });

  it('gives no file-sharing hint when nothing was bind-mounted (a remote engine)', () => {
    const f = 'docker-desktop-4.25.0-mounts-denied.txt';
    expect(startFailure({ engine: 'E', image: 'i' }, said(f)).ref.key).toBe('errors.docker.startRefused');
  });
});
