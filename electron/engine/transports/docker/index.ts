/**
 * The docker transport: runs the bench scripts inside a container of a run on a Docker-compatible
 * engine (Docker Engine, Docker Desktop, OrbStack, Colima, Rancher Desktop's moby, Podman's
 * docker-compatible socket), created on first use with `--network none` and three places:
 * `shared` (a host folder bind-mounted), `volume` (a named volume) and `guest` (the container's own
 * filesystem).
 *
 * Service tests (scripts run with `network: true`: net, redis, http) run in a SECOND container of the
 * same image with the same places, created on the first such script, with a network (see
 * docker/services.ts: host networking when the engine shares this machine's kernel or has no bridge,
 * else the default bridge, reaching the host as host.docker.internal). So the disk tests never run
 * with a network, and a run without service tests never creates one. startPeer() adds a third
 * container for "across two containers" (redis). dispose() removes every container and the volume,
 * also after a cancel; all carry the run's labels, so the leftover sweep finds them too.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { availableParallelism, release } from 'node:os';
import { basename, dirname, join, posix } from 'node:path';
import Docker from 'dockerode';
import type { MsgRef, Place, TestId } from '../../../contract/contract.js';
import { englishOf, withEnglish } from '../../../messages/message-english.js';
import { msg } from '../../../messages/finding-text.js';
import { whyOf } from '../../util/errors.js';
import { scriptsDir } from '../bench-scripts.js';
import { call, connect, DockerTransportError, isUnreachable, messageOf, op, parseEndpoint, type DockerEndpoint } from './client.js';
import { execCollect, execScript } from './exec.js';
import { createGuest, killGuest, PLACE_DIRS, removeContainer, removeGuest, removeLeftovers, type Guest } from './guest.js';
import { sweepLeftovers, sweptMessage } from '../../store/leftovers.js';
import { benchImageTag, ensureImage, hasImage } from './image.js';
import { EVERYTHING, NOTHING_HERE, physicalDisk, type Footprint } from '../../util/footprint.js';
import { chooseServiceNetwork, engineFacts, startPeerContainer, type ServiceNetwork } from './services.js';
import type { HostAddress, PeerRequest, PeerServer, PrepareOptions, RunOutcome, ScriptPayload, Transport, TransportRunOptions } from '../types.js';

const PING_MS = 15_000;
// dockerode's ping takes an abort signal; its typings do not say so.
const pingWithSignal = Docker.prototype.ping as unknown as (this: Docker, o: { abortSignal: AbortSignal }) => Promise<unknown>;
const RESOLVE_MS = 20_000;

/** How to reach the engine and what to run. */
export interface DockerTransportOptions {
  /** The engine's endpoint (unix:///..., tcp://..., ssh://...), or a function that finds it when the run starts. */
  endpoint: string | (() => Promise<string>);
  /** The engine's name in messages ("Docker Desktop"). */
  engine: string;
  /** Host folder bind-mounted as the shared place (it must be a folder the engine shares, e.g. under the home folder). */
  sharedDir: string;
  /** Image to run unless the run names one; default: vmbench's own, built from bench-scripts/Dockerfile. */
  image?: string;
  /** Dockerfile of vmbench's own image (default bench-scripts/Dockerfile). */
  dockerfile?: string;
  env?: NodeJS.ProcessEnv;
}

/** Runs bench scripts in a network-less container of a Docker-compatible engine, via dockerode. */
export class DockerTransport implements Transport {
  /** Names the run's container and volume (vmbench-<token>) and labels them (dev.vmbench.run). */
  readonly token = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  private endpoint?: DockerEndpoint;
  private docker?: Docker;
  private guest?: Guest;
  private serviceGuest?: Promise<Guest>;
  private serviceNet?: ServiceNetwork;
  private readonly peers = new Set<PeerServer>();
  private ready?: Promise<void>;
  private disposed = false;
  private readonly stoppedContainers = new Set<string>();
  /** The job's log, from prepare(): where the service container announces itself. */
  private log?: PrepareOptions['log'];
  private sharedBefore = new Set<string>();
  /** The host folder bind-mounted as the shared place: the options' own, or for a command run the folder holding the project (set by prepare). */
  private sharedDir: string;
  /** The image the container runs, once prepared. */
  image?: string;

  constructor(private readonly opts: DockerTransportOptions) {
    if (typeof opts.endpoint === 'string') this.endpoint = parseEndpoint(opts.endpoint, opts.env);
    this.sharedDir = opts.sharedDir;
  }

  places(): Place[] {
    // A bind mount names a folder of the daemon's machine: only meaningful when that is this machine (or its VM).
    return this.endpoint && !this.endpoint.local ? ['guest', 'volume'] : ['shared', 'guest', 'volume'];
  }

  placeDir(place: Place): string {
    if (place === 'native') throw new Error('the docker transport has no native place');
    return PLACE_DIRS[place];
  }

  /** dev-tree in the shared folder also times the mixed layout: the project there, node_modules in the run's named volume. */
  extraArgs(test: TestId, place: Place): string[] {
    return test === 'dev-tree' && place === 'shared' && this.places().includes('volume') ? ['--modules-dir', PLACE_DIRS.volume] : [];
  }

  /** The shared place is a bind mount of this folder (when the daemon runs on this machine or its VM). */
  hostPath(place: Place): string | undefined {
    return place === 'shared' && this.places().includes('shared') ? this.sharedDir : undefined;
  }

  /**
   * A command run bind-mounts the folder holding the project (prepare's `project`), so the project is at /vmbench/shared/<name>:
   * its scratch copy goes beside it in the bind mount, or onto the container's disk or into the volume, copied from there.
   * A daemon on another machine sees no folder of this one.
   */
  projectIn(place: Place, project: string): { source: string; dir: string } | undefined {
    if (place === 'native' || !this.places().includes('shared') || dirname(project) === project) return undefined;
    return { source: posix.join(PLACE_DIRS.shared, basename(project)), dir: PLACE_DIRS[place] };
  }

  /** Connects, builds or checks the image, creates and starts the container; progress goes to opts.log. */
  prepare(opts: PrepareOptions): Promise<void> {
    if (this.disposed) return Promise.reject(new DockerTransportError('container-failed', 'errors.docker.disposed'));
    this.ready ??= this.setup(opts);
    return this.ready;
  }

  /** How a service-test container reaches this machine's 127.0.0.1 (after prepare); undefined when it cannot. */
  hostAddress(): HostAddress | undefined {
    return this.serviceNet?.host;
  }

  /** Starts a server in a second container of the run's image, on the service network; removed by its stop() or by dispose(). */
  async startPeer(req: PeerRequest): Promise<PeerServer> {
    await this.prepare({ signal: req.signal, log: () => undefined });
    if (this.disposed) throw new DockerTransportError('container-failed', 'errors.docker.disposed');
    const peer = await startPeerContainer(
      { docker: this.docker!, image: this.image!, token: this.token, net: this.serviceNet!, engine: this.opts.engine },
      req,
    );
    const tracked: PeerServer = {
      ...peer,
      stop: async () => {
        this.peers.delete(tracked);
        await peer.stop();
      },
    };
    this.peers.add(tracked);
    return tracked;
  }

  /** Runs a script in the container; never throws: a failure of the engine is reported as a stderr line and exit code null. */
  async run(script: ScriptPayload, opts: TransportRunOptions): Promise<RunOutcome> {
    if (opts.signal.aborted) return { exitCode: null, cancelled: true, timedOut: false };
    // The engine's failure is the step's error (a reference, English derived), and a stderr line for the log.
    const failed = (ref: MsgRef): { exitCode: null; cancelled: boolean; timedOut: false } => {
      const error = withEnglish(ref);
      opts.onStderr?.(error.message);
      opts.onEvent({ event: 'error', code: 'transport-failed', ...error });
      return { exitCode: null, cancelled: opts.signal.aborted, timedOut: false };
    };
    try {
      await this.prepare({ signal: opts.signal, log: (_level, ref) => opts.onStderr?.(englishOf(ref)) });
      const docker = this.docker!;
      const guest = opts.network
        ? await this.ensureServiceGuest(opts.signal, (ref) => (this.log ? this.log('info', ref) : opts.onStderr?.(englishOf(ref))))
        : this.guest!;
      if (this.stoppedContainers.has(guest.containerId)) return failed(msg('errors.docker.containerStopped', { script: script.name }));
      const stopContainer = async (): Promise<void> => {
        this.stoppedContainers.add(guest.containerId);
        await killGuest(docker, guest.containerId);
      };
      return await execScript({ container: guest.container, placeDirs: this.places().map((p) => this.placeDir(p)), stopContainer }, script, opts);
    } catch (err) {
      return failed(msg('errors.docker.runFailed', { script: script.name, engine: this.opts.engine, error: whyOf(err) }));
    }
  }

  /** Removes the container, the volume and any work dir the scripts left in the shared host folder. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    await this.ready?.catch(() => undefined);
    const problems: string[] = [];
    for (const peer of [...this.peers]) await peer.stop();
    const service = await this.serviceGuest?.catch(() => undefined);
    if (this.docker && service) problems.push(...(await removeContainer(this.docker, service.containerId)));
    if (this.docker && this.guest) problems.push(...(await removeGuest(this.docker, this.guest)));
    if (this.endpoint?.local !== false) {
      const names = await readdir(this.sharedDir).catch(() => [] as string[]);
      for (const n of names)
        if (n.startsWith('.vmbench-') && !this.sharedBefore.has(n)) await rm(join(this.sharedDir, n), { recursive: true, force: true }).catch(() => undefined);
    }
    if (problems.length)
      throw new DockerTransportError('container-failed', 'errors.docker.notRemoved', { engine: this.opts.engine, problems: problems.join('; ') });
  }

  /** The service-test container (same image and places, with a network), created on first use. */
  private ensureServiceGuest(signal: AbortSignal, log: (ref: MsgRef) => void): Promise<Guest> {
    this.serviceGuest ??= (async () => {
      const net = this.serviceNet!;
      const shared = this.endpoint?.local ? this.sharedDir : undefined;
      const guest = await createGuest(
        this.docker!,
        { image: this.image!, engine: this.opts.engine, token: this.token, sharedHostDir: shared, network: net.mode, suffix: 'net' },
        signal,
      );
      log(msg(net.mode === 'host' ? 'log.docker.serviceHost' : 'log.docker.serviceBridge', { token: this.token }));
      return guest;
    })();
    const pending = this.serviceGuest;
    // A failed creation is retried by the next service test (and reported by this one).
    pending.catch(() => {
      if (this.serviceGuest === pending) this.serviceGuest = undefined;
    });
    return pending;
  }

  /** Finds the endpoint a context names (`docker context inspect`, a machine's socket), once; the same call prepare makes. */
  private async findEndpoint(signal: AbortSignal): Promise<DockerEndpoint> {
    if (!this.endpoint) {
      const find = this.opts.endpoint as () => Promise<string>;
      const found = await call(op('findSocket', { engine: this.opts.engine }), RESOLVE_MS, () => find(), signal);
      this.endpoint ??= parseEndpoint(found, this.opts.env);
    }
    return this.endpoint;
  }

  /**
   * What its set-up and its places keep busy here (bench/overlap.ts). A daemon on another machine: nothing. One that shares this
   * machine's kernel (Docker Engine on Linux): the disk of its data root (containers, volumes, images), and for the shared place
   * and the set-up (which sweeps it) the disk of the bind-mounted folder; its set-up takes one core, or all of them when the
   * image is still to be built. A daemon in a VM (Docker Desktop and the like): its disk image's disk is not known, so every disk.
   */
  async footprint(work: 'setup' | Place, image?: string): Promise<Footprint> {
    const signal = AbortSignal.timeout(RESOLVE_MS);
    const endpoint = await this.findEndpoint(signal);
    if (!endpoint.local) return NOTHING_HERE;
    const docker = this.docker ?? connect(endpoint);
    const info = await call(op('engineInfo'), 15_000, () => docker.info() as Promise<{ KernelVersion?: string; DockerRootDir?: string }>, signal);
    if (!info.DockerRootDir || info.KernelVersion !== release()) return EVERYTHING;
    const root = await physicalDisk(info.DockerRootDir);
    if (work === 'guest' || work === 'volume') return { disks: [root], cpus: 0 };
    const disks = [root, await physicalDisk(this.sharedDir)];
    if (work !== 'setup') return { disks, cpus: 0 };
    const asked = image ?? this.opts.image;
    // An image asked for is never built (a missing one fails the set-up at once); vmbench's own may be.
    const built =
      Boolean(asked) || (await hasImage(docker, benchImageTag(readFileSync(this.opts.dockerfile ?? join(scriptsDir(), 'Dockerfile'), 'utf8')), signal));
    return { disks, cpus: built ? 1 : availableParallelism() };
  }

  /** Whether the daemon is on this machine, learnt before the run: a command's form and its run leave out the shared place of one that is not. */
  async resolve(signal: AbortSignal): Promise<void> {
    await this.findEndpoint(signal).catch(() => undefined);
  }

  private async setup(opts: PrepareOptions): Promise<void> {
    const { engine } = this.opts;
    this.log = opts.log;
    const endpoint = await this.findEndpoint(opts.signal);
    const docker = connect(endpoint);
    try {
      await call(op('ping', { engine, endpoint: endpoint.display }), PING_MS, (s) => pingWithSignal.call(docker, { abortSignal: s }), opts.signal);
    } catch (err) {
      if (err instanceof DockerTransportError && err.code === 'cancelled') throw err;
      const why =
        err instanceof DockerTransportError
          ? err.ref
          : isUnreachable(err)
            ? msg('errors.docker.nothingAnswers', { endpoint: endpoint.display, error: messageOf(err) })
            : messageOf(err);
      throw new DockerTransportError('engine-unreachable', 'errors.docker.unreachable', { engine, why });
    }
    this.docker = docker;
    const leftovers = await removeLeftovers(docker, opts.signal).catch(() => ({ removed: 0, live: 1 }));
    if (leftovers.removed) opts.log('info', msg('log.docker.removedLeftovers', { count: leftovers.removed }));
    this.image = await ensureImage(docker, {
      requested: opts.image ?? this.opts.image,
      dockerfile: this.opts.dockerfile ?? join(scriptsDir(), 'Dockerfile'),
      engine,
      log: opts.log,
      signal: opts.signal,
      noBuild: opts.noBuild,
    });
    if (opts.project) this.sharedDir = dirname(opts.project);
    const shared = endpoint.local ? this.sharedDir : undefined;
    if (shared) {
      if (!opts.project) await mkdir(shared, { recursive: true });
      // vmbench's own shared folder (not a command's project folder): with no container of a live vmbench left on
      // this machine, every scripts' work folder there was left by a killed run (its writer, a container's sh, is gone
      // with the container removed above; a container's pid means nothing here, so the folder is judged by its writer).
      if (!opts.project && leftovers.live === 0) {
        const swept = sweptMessage(await sweepLeftovers(shared, () => false));
        if (swept) opts.log('info', swept);
      }
      this.sharedBefore = new Set((await readdir(shared)).filter((n) => n.startsWith('.vmbench-')));
    } else {
      opts.log('warn', msg('log.docker.remote', { engine, endpoint: endpoint.display }));
    }
    this.serviceNet = chooseServiceNetwork(await engineFacts(docker, endpoint.local, release(), opts.signal));
    this.guest = await createGuest(docker, { image: this.image, engine, token: this.token, sharedHostDir: shared }, opts.signal);
    if (this.disposed) return;
    let failure: string | MsgRef | undefined;
    const check = await execCollect(this.guest.container, ['sh', '-c', 'echo ok']).catch((err: unknown) => void (failure = whyOf(err)));
    if (!check || check.exitCode !== 0 || check.stdout.trim() !== 'ok') {
      const detail = failure ?? (check?.stderr.trim() || msg('errors.docker.exitCode', { code: String(check?.exitCode) }));
      throw new DockerTransportError('container-failed', 'errors.docker.noSh', { image: this.image, detail });
    }
    const running = { token: this.token, image: this.image, engine };
    opts.log('info', shared ? msg('log.docker.runningShared', { ...running, shared, at: PLACE_DIRS.shared }) : msg('log.docker.running', running));
  }
}
