import type { BenchEvent, MsgRef, Place, TestId } from '../../contract/contract.js';
import type { Footprint } from '../util/footprint.js';
import type { ProjectUpload, UploadOptions } from './project-upload.js';

export type { ProjectUpload, UploadOptions } from './project-upload.js';

/**
 * Where the user's project is in a place, for the command test: `source`, the path the place sees it at, and `dir`, the folder
 * its scratch copy is made in; or (`upload`) a place that sees it only once it is uploaded there (a VM whose shares do not hold
 * it: its guest disk), whose source is the upload's (Transport.uploadProject).
 */
export type ProjectView = { source: string; dir: string; upload?: undefined } | { upload: true; dir: string; source?: undefined };

/** A bench script ready to send to a target: its name, full sh source and arguments. */
export interface ScriptPayload {
  name: string;
  source: string;
  args: string[];
}

/** Options of one script execution. */
export interface TransportRunOptions {
  signal: AbortSignal;
  timeoutMs: number;
  onEvent: (ev: BenchEvent) => void;
  onStderr?: (line: string) => void;
  /**
   * The script needs a network (a service test: it reaches the host or a peer container). Transports
   * that keep their disk tests off the network (docker: `--network none`) run it where there is one.
   */
  network?: boolean;
}

/** How a process inside a target reaches the host's loopback (127.0.0.1), and which path that is. */
export interface HostAddress {
  /** Host name or IPv4 address to connect to from inside the target (10.0.2.2, host.docker.internal, 127.0.0.1). */
  address: string;
  /** The path the traffic takes, for results' `method` ("QEMU user-mode networking (10.0.2.2)"). */
  path: string;
}

/** A server started in a second guest of the same kind (a second container of the same image). */
export interface PeerServer {
  /** Host name or address under which the target's scripts (run with `network: true`) reach it. */
  host: string;
  port: number;
  /** Where it runs and over which network, for results' `method`. */
  path: string;
  /** Stops and removes it (never throws). */
  stop(): Promise<void>;
}

/** What a peer server is: a program of the target's image listening on the given port. */
export interface PeerRequest {
  /** What it is for ("redis"), in names and messages. */
  name: string;
  /** The server's argv; `bind` is the address it must listen on, `port` its port. */
  argv(bind: string, port: number): string[];
  /** A command run in the peer until it succeeds, to know the server accepts connections. */
  readyArgv(port: number): string[];
  signal: AbortSignal;
}

/** What a transport may need before its first script (an image to build, a container to create), with progress for the user. */
export interface PrepareOptions {
  signal: AbortSignal;
  /** The image the run asked for (`vmbench run --image`), for transports that run containers. */
  image?: string;
  /** A progress line for the user (the job's `log` events), as a message of the common catalogue. */
  log(level: 'info' | 'warn', message: MsgRef): void;
  /** Use only what is already there (detection's quick look inside a guest): no image build. */
  noBuild?: boolean;
  /** The user's project of a command run (absolute, on this machine): a transport that bind-mounts a host folder shares the folder holding it. */
  project?: string;
  /** The places this run measures in the target (undefined: all it offers); a place left out is not touched, not even swept. */
  places?: readonly Place[];
}

/** How one script run ended: its exit code (null when there is none: never started, or the guest did not say), and whether it was cancelled or ran out of time. */
export interface RunOutcome {
  exitCode: number | null;
  cancelled: boolean;
  timedOut: boolean;
}

/** How a script reaches a target (local process, docker, shell-in-vm, vagrant, libvirt). */
export interface Transport {
  /** Runs a script; resolves with its exit code once it has exited (also after cancel). */
  run(script: ScriptPayload, opts: TransportRunOptions): Promise<RunOutcome>;
  /** The directory a place's tests write into, as seen from inside the target. */
  placeDir(place: Place): string;
  /** Places this target offers. */
  places(): Place[];
  /** The folder on this machine that a place's directory is (native: itself; shared: the host side of the share), or undefined. */
  hostPath?(place: Place): string | undefined;
  /**
   * Where the user's project (a folder on this machine) is seen in a place, for the command test: `source`, the path the place
   * sees it at, and `dir`, the folder its scratch copy is made in (beside it on the same mount in native and shared places, so
   * that a shared place still measures that mount type; the place's own disk in guest and volume). Undefined where the place
   * cannot see it (no share holds it). Every transport of the product has it (a test's stand-in may not). A VM transport that
   * can upload (uploadProject) answers `{ upload: true, dir }` for its guest place when no share holds the project.
   */
  projectIn?(place: Place, project: string): ProjectView | undefined;
  /**
   * Uploads the project (a folder on this machine, the excluded paths left out) into the guest's own disk, under its guest
   * folder with a name the guest sweep knows (guest/leftovers.ts); rejects when it cannot, removing what it had sent. Only
   * the VM transports have it (a Docker daemon on another machine has no way in for a folder).
   */
  uploadProject?(project: string, o: UploadOptions): Promise<ProjectUpload>;
  /** Arguments a test gets in a place beyond the suite's (Docker: dev-tree in the shared folder also measures node_modules in the volume). */
  extraArgs?(test: TestId, place: Place): string[];
  /**
   * Learns what its places are without setting anything up or changing anything (Docker: the endpoint a context names, since a
   * daemon on another machine has no shared place); places() and projectIn() then answer for it. Never rejects: what it cannot
   * learn now, prepare() finds out.
   */
  resolve?(signal: AbortSignal): Promise<void>;
  /** Sets the target up before the first script (build an image, create a container); a rejection says why the target cannot run, with an optional `code`. */
  prepare?(opts: PrepareOptions): Promise<void>;
  /**
   * What it keeps busy on this machine while it is set up (prepare() and the probe) or while a place of it is measured: the
   * physical disks and cores (bench/overlap.ts, whose rule decides whether a target is set up during another's measurement).
   * `image`: the image the run asked for (PrepareOptions.image). Without it, or when it rejects, the work is taken to touch
   * every disk and core: it is never overlapped.
   */
  footprint?(work: 'setup' | Place, image?: string): Promise<Footprint>;
  /** Frees what the transport set up (containers, uploaded files). */
  dispose?(): Promise<void>;
  /**
   * The address a process inside the target uses to reach the host's 127.0.0.1 (a server the engine
   * runs on the host, bound to loopback only), or undefined when there is no such path. Valid after prepare().
   */
  hostAddress?(): HostAddress | undefined;
  /** Starts a server in a second guest of the same kind (docker: a second container of the same image); rejects with a `code` when it cannot. */
  startPeer?(req: PeerRequest): Promise<PeerServer>;
}
