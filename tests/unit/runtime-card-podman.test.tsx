// The UI's runtime card of a Docker-compatible API that Podman answers: named Podman, with Podman's version and
// engine, as detection reports it from real answers of podman 4.3.1 (tests/fixtures/runtimes/podman-api/SOURCES.txt).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { findKind } from '../../electron/engine/runtimes/registry.js';
import { RuntimeCard } from '../../src/views/environments/runtime-card';
import { local, makeStubEnv, type StubEnv } from '../helpers/runtimes-stubs.js';

describe("the runtime card of Podman's Docker-compatible API", () => {
  let stub: StubEnv | undefined;
  afterEach(() => stub?.cleanup());

  it('shows Podman Engine (default), its version and the engine Podman, never Docker (moby)', async () => {
    stub = makeStubEnv({
      docker: [
        { args: '"context ls --format {{json .}}"', stdout: local('docker-engine/context-ls.docker-28.2.2.ndjson') },
        { args: '*" version --format {{json .}}"', stdout: local('podman-api/docker-version.podman-4.3.1.json') },
        { args: '*" info --format {{json .}}"', stdout: local('podman-api/docker-info.podman-4.3.1.json') },
      ],
    });
    const sock = join(stub.root, 'podman.sock');
    writeFileSync(sock, '');
    const env = { ...stub.env, DOCKER_HOST: `unix://${sock}` };
    const found = await detectAll(createDetectContext({ env, dataDir: stub.root, timeoutMs: 5000 }), { kinds: [findKind('docker-engine')!] });
    const rt = found.find((r) => r.id === 'docker:default')!;
    const html = renderToStaticMarkup(<RuntimeCard runtime={rt} />);
    expect(html).toContain('>Podman Engine (default)</h2>');
    expect(html).toContain('<span> · 4.3.1</span>');
    expect(html).toContain('Container engine</dt><dd><span class="setting-value">Podman</span>');
    expect(html).not.toMatch(/Docker Engine|moby/);
  });
});
