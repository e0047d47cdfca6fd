import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { contextOwner, daemonOwner, parseDockerContexts } from '../../electron/engine/runtimes/docker-engine.js';
import { RUNTIME_KINDS, findKind } from '../../electron/engine/runtimes/registry.js';
import { parseDockerInfo } from '../../electron/engine/runtimes/support/docker-parse.js';
import { local, makeStubEnv, captured, text, unreachableDockerContext, type StubEnv } from '../helpers/runtimes-stubs.js';

const CONTEXTS = local('docker-engine/context-ls.docker-28.2.2.ndjson');

describe('docker contexts (replay)', () => {
  it('reads `docker context ls` in both JSON formats', () => {
    for (const f of [CONTEXTS, local('docker-engine/context-ls-format-json.docker-28.2.2.txt')]) {
      expect(parseDockerContexts(text(f))).toEqual({
        ok: true,
        value: [
          { name: 'default', endpoint: 'unix:///var/run/docker.sock', current: true, error: undefined },
          { name: 'vmbench-test', endpoint: 'unix:///run/vmbench-test-docker.sock', current: false, error: undefined },
        ],
      });
    }
    expect(parseDockerContexts('[{"Name":"a","DockerEndpoint":"tcp://127.0.0.1:2375","Current":false}]')).toMatchObject({ ok: true, value: [{ name: 'a' }] });
  });

  it('leaves contexts and daemons of other kinds to them', () => {
    expect(
      ['desktop-linux', 'rancher-desktop', 'orbstack', 'colima', 'colima-work', 'lima-docker', 'default'].map((name) => contextOwner({ name }, RUNTIME_KINDS)),
    ).toEqual(['docker-desktop', 'rancher-desktop', 'orbstack', 'colima', 'colima', 'lima', undefined]);
    expect(contextOwner({ name: 'x', endpoint: 'unix:///Users/u/.orbstack/run/docker.sock' }, RUNTIME_KINDS)).toBe('orbstack');
    const dd = parseDockerInfo(text(captured('docker-desktop/docker-info.dd-4.48.0-macos-intel.txt')));
    const orb = parseDockerInfo(text(captured('orbstack/docker-info.orbstack-intel-28.5.2.txt')));
    expect([daemonOwner(dd.ok ? dd.value : undefined, RUNTIME_KINDS), daemonOwner(orb.ok ? orb.value : undefined, RUNTIME_KINDS)]).toEqual([
      'docker-desktop',
      'orbstack',
    ]);
  });
});

describe('Docker Engine detection with replayed docker', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());
  const detect = (s: StubEnv, timeoutMs = 3000) =>
    detectAll(createDetectContext({ env: s.env, dataDir: s.root, timeoutMs }), { kinds: [findKind('docker-engine')!] });

  it('skips a context whose daemon turns out to be OrbStack, and a default context without a socket', async () => {
    stub = makeStubEnv({
      docker: [
        { args: '"context ls --format {{json .}}"', stdout: CONTEXTS },
        { args: '*"--context vmbench-test info"*', stdout: captured('orbstack/docker-info.orbstack-intel-28.5.2.txt') },
      ],
    });
    expect(await detect(stub)).toEqual([]);
  });

  it('shows a context whose daemon is not running as stopped, without the zeros docker prints for it', async () => {
    const cap = (f: string): string => local(`docker-engine/${f}`);
    stub = makeStubEnv({ docker: unreachableDockerContext() });
    const [rt] = await detect(stub);
    expect(rt).toMatchObject({ id: 'docker:vmbench-test', kind: 'docker-engine', state: 'stopped', version: null });
    // A sentence (what happened, what to do); what docker printed, and the commands as they ran, only in the detail.
    expect(rt.reason).toBe('the Docker daemon is not running; start it (or the app that runs it), then detect again');
    expect(rt.reasonRefs).toEqual([{ key: 'detect:docker.daemonDown' }]);
    expect(rt.reasonDetail).toBe(
      [
        "$ docker --context vmbench-test version --format '{{json .}}'",
        'Cannot connect to the Docker daemon at unix:///run/vmbench-test-docker.sock. Is the docker daemon running?',
        "$ docker --context vmbench-test info --format '{{json .}}'",
        text(cap('info-unreachable.docker-28.2.2.stderr.txt')).trim(),
      ].join('\n'),
    );
    expect(rt.settings).toEqual({ engine: 'moby', endpoint: 'unix:///run/vmbench-test-docker.sock' });
  });

  it('shows a context whose daemon hangs as unknown', async () => {
    stub = makeStubEnv({
      docker: [
        { args: '"context ls --format {{json .}}"', stdout: CONTEXTS },
        { args: '*vmbench-test*', hang: true },
      ],
    });
    const list = await detect(stub, 2000);
    expect(list.map((r) => [r.id, r.state])).toEqual([['docker:vmbench-test', 'unknown']]);
    expect(list[0].reason).toMatch(/did not answer within 2 s/);
  });
});
