/**
 * The network side of the service tests (net, redis, http) in a Docker-compatible engine: which
 * network their container gets, how a process in it reaches the host's 127.0.0.1, and the peer
 * container (a server in a second container of the same image, for "across two containers").
 *
 * The network: when the engine runs on this machine's own kernel (Docker Engine on Linux), or has
 * no default bridge at all (dockerd --bridge=none), the container shares the engine host's network
 * stack (`--network host`): 127.0.0.1 inside it is this machine's loopback. When the engine runs in
 * a VM on this machine (Docker Desktop, OrbStack, Colima, Rancher Desktop) the container is on the
 * default bridge and reaches the host as host.docker.internal, the path a developer's container
 * takes. An engine on another machine has no path to this machine's loopback (net reports that).
 */
import type Docker from 'dockerode';
import type { HostAddress, PeerRequest, PeerServer } from '../types.js';
import { freeLoopbackPort } from '../../util/ports.js';
import { call, DockerTransportError, messageOf, op } from './client.js';
import type { ContainerNetwork } from './guest.js';
import { removeContainer, runLabels } from './guest.js';
import { execCollect } from './exec.js';

/** What the choice of the service network depends on. */
export interface EngineFacts {
  /** The endpoint is a socket of this machine (or of its VM). */
  local: boolean;
  /** `docker info` KernelVersion, when it answered. */
  daemonKernel?: string;
  /** os.release() of this machine. */
  hostKernel: string;
  /** The engine has a network named "bridge". */
  hasBridge: boolean;
}

/** The network of the service-test containers and how they reach the host's loopback. */
export interface ServiceNetwork {
  mode: Exclude<ContainerNetwork, 'none'>;
  /** Undefined when a container cannot reach this machine's 127.0.0.1. */
  host?: HostAddress;
  /** Whether the engine shares this machine's network namespace (a free port found here is free there). */
  sameStack: boolean;
}

/** Chooses the service network from the engine's facts (see the file header). */
export function chooseServiceNetwork(f: EngineFacts): ServiceNetwork {
  const sameKernel = f.local && f.daemonKernel !== undefined && f.daemonKernel === f.hostKernel;
  if (sameKernel || !f.hasBridge) {
    return {
      mode: 'host',
      sameStack: sameKernel,
      host: sameKernel
        ? {
            address: '127.0.0.1',
            path: "host networking (--network host): the container shares this machine's network stack, so 127.0.0.1 is the host's loopback",
          }
        : undefined,
    };
  }
  if (!f.local) return { mode: 'bridge', sameStack: false };
  return {
    mode: 'bridge',
    sameStack: false,
    host: {
      address: 'host.docker.internal',
      path: "container→host through Docker's host.docker.internal, from a container on the default bridge network (the engine's VM forwards it to this machine's 127.0.0.1)",
    },
  };
}

/** Reads the facts chooseServiceNetwork needs from the engine (an unanswered call counts as unknown). */
export async function engineFacts(docker: Docker, local: boolean, hostKernel: string, signal: AbortSignal): Promise<EngineFacts> {
  const [info, networks] = await Promise.all([
    call(op('engineInfo'), 15_000, () => docker.info() as Promise<{ KernelVersion?: string }>, signal).catch(() => undefined),
    call(op('listNetworks'), 15_000, (s) => docker.listNetworks({ abortSignal: s } as Docker.NetworkListOptions), signal).catch(() => undefined),
  ]);
  return { local, hostKernel, daemonKernel: info?.KernelVersion, hasBridge: (networks ?? []).some((n) => n.Name === 'bridge') };
}

const READY_MS = 20_000;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** What startPeerContainer needs besides the request. */
export interface PeerContext {
  docker: Docker;
  image: string;
  token: string;
  net: ServiceNetwork;
  /** The engine's name in messages. */
  engine: string;
}

/**
 * Starts `req.argv` as the main process of a second container of the image (name
 * vmbench-<token>-<name>, the run's labels): with host networking it listens on 127.0.0.1 on a free
 * port; on the bridge on all of the container's own addresses, reached at its bridge IP.
 */
export async function startPeerContainer(ctx: PeerContext, req: PeerRequest): Promise<PeerServer> {
  const { docker, net } = ctx;
  const name = `vmbench-${ctx.token}-${req.name}`;
  const bind = net.mode === 'host' ? '127.0.0.1' : '0.0.0.0';
  let lastError = '';
  const labels = await runLabels(ctx.token);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = net.mode === 'bridge' ? 6379 : net.sameStack ? await freeLoopbackPort() : 20000 + Math.floor(Math.random() * 40000);
    const argv = req.argv(bind, port);
    const stop = async (): Promise<void> => void (await removeContainer(docker, name));
    try {
      const container = await call(
        op('createService', { name: req.name }),
        30_000,
        (s) =>
          docker.createContainer({
            name,
            Image: ctx.image,
            Entrypoint: [argv[0]],
            Cmd: argv.slice(1),
            User: '0',
            Labels: labels,
            Env: ['LC_ALL=C'],
            HostConfig: { NetworkMode: net.mode, Init: false, AutoRemove: false },
            abortSignal: s,
          } as Docker.ContainerCreateOptions),
        req.signal,
      );
      try {
        await call(op('startService', { name: req.name }), 30_000, (s) => container.start({ abortSignal: s }), req.signal);
      } catch (err) {
        const why = messageOf(err);
        if (/executable file not found|no such file or directory/i.test(why)) {
          throw new DockerTransportError('tool-missing', 'errors.docker.serviceToolMissing', { tool: argv[0], image: ctx.image, name: req.name });
        }
        throw err;
      }
      const host = net.mode === 'host' ? '127.0.0.1' : await bridgeAddress(container, req.signal);
      if (await waitReady(container, req, port)) {
        const where = net.mode === 'host' ? `host networking, listening on 127.0.0.1:${port} only` : `the default bridge network, at ${host}:${port}`;
        return { host, port, path: `${argv[0]} in a second container of ${ctx.image} (${name}), over ${where}`, stop };
      }
      lastError = await logsTail(container);
      await stop();
    } catch (err) {
      await stop();
      if (err instanceof DockerTransportError) throw err;
      throw new DockerTransportError('container-failed', 'errors.docker.serviceStartFailed', { name: req.name, engine: ctx.engine, error: messageOf(err) });
    }
  }
  if (!lastError) throw new DockerTransportError('container-failed', 'errors.docker.serviceNoAnswer', { name: req.name, engine: ctx.engine });
  throw new DockerTransportError('container-failed', 'errors.docker.serviceNotStarted', { name: req.name, engine: ctx.engine, error: lastError });
}

async function bridgeAddress(container: Docker.Container, signal: AbortSignal): Promise<string> {
  const info = await call(op('inspectPeer'), 15_000, (s) => container.inspect({ abortSignal: s } as object), signal);
  const ip = Object.values(info.NetworkSettings?.Networks ?? {}).find((n) => n.IPAddress)?.IPAddress;
  if (!ip) throw new DockerTransportError('container-failed', 'errors.docker.noPeerAddress');
  return ip;
}

/** Polls the ready command until it succeeds; false once the container has exited or after READY_MS. */
async function waitReady(container: Docker.Container, req: PeerRequest, port: number): Promise<boolean> {
  const until = Date.now() + READY_MS;
  while (Date.now() < until && !req.signal.aborted) {
    const r = await execCollect(container, req.readyArgv(port)).catch(() => null);
    if (r?.exitCode === 0) return true;
    const state = await container.inspect().catch(() => null);
    if (!state?.State?.Running) return false;
    await sleep(200);
  }
  return false;
}

async function logsTail(container: Docker.Container): Promise<string> {
  const buf = (await container.logs({ stdout: true, stderr: true, tail: 5 }).catch(() => Buffer.alloc(0))) as Buffer;
  // Multiplexed frames: keep the printable text.
  return buf
    .toString('utf8')
    .replace(/[\x00-\x08\x0e-\x1f]/g, '')
    .trim()
    .split('\n')
    .slice(-3)
    .join(' | ')
    .slice(0, 300);
}
