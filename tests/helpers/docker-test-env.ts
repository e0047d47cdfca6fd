/** A Docker live test's engine: the shared (or its own) dockerd with the test images, as a docker context of its own. */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { installDockerDeps, loadTestImages, startPrivateDockerd, type PrivateDockerd } from './private-dockerd.js';
import { realDiskDir } from './run-script.js';
import { sharedDockerd } from './shared-dockerd.js';

/** A private dockerd with the test images loaded, reached as the docker context `context` through DOCKER_CONFIG. */
export interface DockerTestEnv {
  /** A folder on a real disk for the test's own files (the engine's data dir, stores, ...). */
  root: string;
  d: PrivateDockerd;
  /** Puts DOCKER_CONFIG / DOCKER_HOST / DOCKER_CONTEXT back, stops the daemon if it is the file's own, and removes `root`. */
  stop(): Promise<void>;
}

const DOCKER_ENV_KEYS = ['DOCKER_CONFIG', 'DOCKER_HOST', 'DOCKER_CONTEXT'] as const;

/**
 * What the Docker integration tests share before their engine starts: the packages, the live host stream's
 * dockerd with the test images (shared-dockerd.ts; `ownDaemon`: a private one of the file's own, for a file that
 * freezes or reconfigures it), and a docker context `context` for it made the default of this process (as a
 * user's `docker context` would be). `label` names the file in the log.
 */
export async function startDockerTestEnv(prefix: string, context: string, label: string, opts: { ownDaemon?: boolean } = {}): Promise<DockerTestEnv> {
  const saved = Object.fromEntries(DOCKER_ENV_KEYS.map((k) => [k, process.env[k]]));
  installDockerDeps();
  const root = realDiskDir(prefix);
  let d: PrivateDockerd;
  if (opts.ownDaemon) {
    d = await startPrivateDockerd(prefix);
    const started = Date.now();
    process.stdout.write(`${loadTestImages(d)}[${label}] test images ready in ${Date.now() - started} ms\n`);
  } else {
    d = await sharedDockerd(label);
  }
  const config = join(root, 'docker-config');
  execFileSync('docker', ['context', 'create', context, '--docker', `host=${d.host}`], { env: { ...process.env, DOCKER_CONFIG: config }, stdio: 'ignore' });
  process.env.DOCKER_CONFIG = config;
  delete process.env.DOCKER_HOST;
  delete process.env.DOCKER_CONTEXT;
  return {
    root,
    d,
    async stop() {
      for (const k of DOCKER_ENV_KEYS)
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      // The shared daemon stays for the next file (which gets it only clean); the live-host teardown stops it.
      if (opts.ownDaemon) await d.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
