// Podman's Docker-compatible API is named Podman: the engine is told by the component its `GET /version` names, from
// real answers of Debian's podman 4.3.1 service and of Debian's dockerd 20.10.24 (tests/fixtures/runtimes/*/SOURCES.txt).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { dockerApiEngine } from '../../electron/engine/runtimes/docker-engine.js';
import { findKind } from '../../electron/engine/runtimes/registry.js';
import { parseApiVersion, parseDockerVersion } from '../../electron/engine/runtimes/support/docker-parse.js';
import { settingSpec } from '../../electron/contract/setting-keys.js';
import { local, makeStubEnv, text, type StubEnv } from '../helpers/runtimes-stubs.js';

const podman = (f: string): string => local(`podman-api/${f}`);
const docker = (f: string): string => local(`docker-engine/${f}`);
const facts = <T>(p: { ok: true; value: T } | { ok: false }): T => {
  if (!p.ok) throw new Error('did not parse');
  return p.value;
};

describe('which engine answers a Docker-compatible API', () => {
  it("names Podman's service Podman Engine, with Podman's version, from its own GET /version", () => {
    const v = facts(parseApiVersion(text(podman('api-version.podman-4.3.1.json'))));
    expect(v.components.map((c) => c.name)).toEqual(['Podman Engine', 'Conmon', 'OCI Runtime (runc)']);
    expect(dockerApiEngine(v)).toEqual({ engine: 'podman', name: 'Podman Engine', version: '4.3.1' });
  });

  it('names it Podman through the docker CLI too, which adds an "Engine" of its own (JSON and text layout)', () => {
    for (const f of ['docker-version.podman-4.3.1.json', 'docker-version-text.podman-4.3.1.txt']) {
      const v = facts(parseDockerVersion(text(podman(f))));
      expect(v.components.map((c) => c.name)).toContain('Engine');
      expect(dockerApiEngine(v)).toEqual({ engine: 'podman', name: 'Podman Engine', version: '4.3.1' });
    }
  });

  it("keeps Docker's own daemon Docker Engine (moby)", () => {
    for (const v of [
      facts(parseApiVersion(text(docker('api-version.dockerd-20.10.24.json')))),
      facts(parseDockerVersion(text(docker('version.dockerd-20.10.24.docker-28.2.2.json')))),
    ])
      expect(dockerApiEngine(v)).toEqual({ engine: 'moby', name: 'Docker Engine', version: '20.10.24+dfsg1' });
    expect(dockerApiEngine(undefined)).toEqual({ engine: 'moby', name: 'Docker Engine', version: undefined });
  });

  it('reads "podman" as Podman in every face, from the setting catalogue', () => {
    expect(settingSpec('engine')?.value).toMatchObject({ kind: 'words', plain: { podman: 'Podman', moby: 'Docker (moby)' } });
  });
});

describe('detection of DOCKER_HOST on a Podman service (replayed docker CLI)', () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());

  it('shows Podman Engine (default), engine podman, version 4.3.1, and labels its target so', async () => {
    stub = makeStubEnv({
      docker: [
        { args: '"context ls --format {{json .}}"', stdout: local('docker-engine/context-ls.docker-28.2.2.ndjson') },
        { args: '*" version --format {{json .}}"', stdout: podman('docker-version.podman-4.3.1.json') },
        { args: '*" info --format {{json .}}"', stdout: podman('docker-info.podman-4.3.1.json') },
      ],
    });
    // The default context follows DOCKER_HOST when its socket exists (detection only checks that it does).
    const sock = join(stub.root, 'podman.sock');
    writeFileSync(sock, '');
    const env = { ...stub.env, DOCKER_HOST: `unix://${sock}` };
    const found = await detectAll(createDetectContext({ env, dataDir: stub.root, timeoutMs: 5000 }), { kinds: [findKind('docker-engine')!] });
    const rt = found.find((r) => r.id === 'docker:default');
    expect(rt).toMatchObject({ kind: 'docker-engine', name: 'Podman Engine (default)', version: '4.3.1', state: 'running' });
    expect(rt?.settings).toMatchObject({ engine: 'podman', serverVersion: '4.3.1', endpoint: `unix://${sock}` });
    expect(rt?.targets.map((t) => t.label)).toEqual(['Podman Engine (default)']);
  });
});
