/**
 * Glue between detection and the docker transport: each docker-based runtime kind opens its
 * transport with one line, naming its socket (or how to find it when the run starts).
 */
import { access } from 'node:fs/promises';
import type { RuntimeInfo } from '../../../contract/contract.js';
import { podmanMachineSocket, sharedDirFor, type HostContext } from '../../util/host-context.js';
import { DockerTransport } from './index.js';
import { DockerTransportError } from './client.js';

/** A docker transport into a detected runtime (image: vmbench's own unless the run names one). */
export function dockerTransportFor(ctx: HostContext, rt: RuntimeInfo, endpoint: string | (() => Promise<string>)): DockerTransport {
  return new DockerTransport({ endpoint, engine: rt.name, sharedDir: sharedDirFor(ctx), env: ctx.env });
}

/** The endpoint a runtime's detection recorded (settings.endpoint), else the default socket. */
export function recordedEndpoint(rt: RuntimeInfo, fallback = 'unix:///var/run/docker.sock'): string {
  const e = rt.settings.endpoint;
  return typeof e === 'string' && e.trim() ? e.trim() : fallback;
}

/** Finds the endpoint of a docker context (`docker context inspect`), else the first of `sockets` that exists. */
export function contextEndpoint(ctx: HostContext, context: string, sockets: string[] = []): () => Promise<string> {
  return async () => {
    try {
      const r = await ctx.exec('docker', ['context', 'inspect', context, '--format', '{{.Endpoints.docker.Host}}'], { timeoutMs: ctx.timeoutMs });
      const host = r.stdout.trim();
      if (host) return host;
    } catch {
      // No docker CLI or no such context: try the known sockets.
    }
    for (const s of sockets) {
      const path = s.replace(/^unix:\/\//, '');
      if (
        await access(path).then(
          () => true,
          () => false,
        )
      )
        return s.startsWith('unix://') ? s : `unix://${s}`;
    }
    throw sockets.length
      ? new DockerTransportError('engine-unreachable', 'errors.docker.noContextSocketLooked', { context, sockets: sockets.join(', ') })
      : new DockerTransportError('engine-unreachable', 'errors.docker.noContextSocket', { context });
  };
}

/** Finds a Podman machine's docker-compatible API socket (`podman machine inspect`). */
export function podmanMachineEndpoint(ctx: HostContext, machine: string): () => Promise<string> {
  return async () => {
    const path = await podmanMachineSocket(ctx, machine);
    if (path) return `unix://${path}`;
    throw new DockerTransportError('engine-unreachable', 'errors.docker.noPodmanSocket', { machine });
  };
}
