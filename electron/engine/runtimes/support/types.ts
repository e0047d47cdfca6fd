import type { RuntimeInfo } from '../../../contract/contract.js';
import type { RuntimeKindId } from '../../../contract/runtime-kinds.js';
import type { HostContext } from '../../util/host-context.js';
import type { Applier, CommandProgram } from '../../apply-kit/types.js';
import type { DockerInfoFacts } from './docker-parse.js';
import type { ShellSpec } from '../../transports/shell-in-vm/argv.js';
import type { Transport } from '../../transports/types.js';

/** What detection may use: the host context (environment, data folder, a CLI runner with timeouts), HOME, files. */
export interface DetectContext extends HostContext {
  home: string;
  signal?: AbortSignal;
  readFile(path: string): Promise<string>;
  /** Epoch ms by which the current kind's detection must finish (set by detectAll); CLI calls shorten their timeout to fit. */
  deadline?: number;
}

/** The Docker contexts, endpoints and daemons a kind owns: shown under it, never as a plain Docker Engine (docker-engine.ts). */
export interface DockerOwnership {
  /** A `docker context` name of its own (desktop-linux, colima-work). */
  context: RegExp;
  /** A context's endpoint that is its socket. */
  endpoint: RegExp;
  /** A daemon (`docker info`) that is its engine, whatever the context is called. */
  daemon?(info: DockerInfoFacts): boolean;
}

/** How advice changes a kind's settings where that is the kind's own business (advisor/apply/). */
export interface KindApply {
  /** Changes its settings its own way, whatever the finding's apply kind (libvirt: the domain XML through virsh). */
  applier?: Applier;
  /** Programs a command finding may run (rdctl, limactl, colima), each with its backup: the allowed list is every kind's. */
  commands?: Readonly<Record<string, CommandProgram>>;
  /** Its settings files are JSON whatever their name (Docker Desktop). */
  jsonSettings?: boolean;
  /** A file edit is refused while it is not stopped (it rewrites its settings file as it runs): the errors catalogue's message, with {{state}}. */
  fileEditWhenStopped?: string;
  /** Why its restart makes a changed file take effect (errors.restartWhy.*; default errors.restartWhy.other). */
  restartWhy?: string;
}

/** One runtime kind: finds its instances and opens a transport into one of their targets. Each kind's file declares it as RuntimeKind<'its-id'>, so the registry can check the ids. */
export interface RuntimeKind<K extends RuntimeKindId = RuntimeKindId> {
  /** Its id, one of RUNTIME_KIND_IDS (electron/contract/runtime-kinds.ts). */
  kind: K;
  /** Human name of the kind (e.g. "Colima"), used when its detection fails as a whole. */
  name?: string;
  detect(ctx: DetectContext): Promise<RuntimeInfo[]>;
  /** Its CLI starts slowly (Vagrant: Ruby and plugins): its calls, and its deadline, get this many times the usual timeout. */
  timeoutScale?: number;
  /** What applying advice needs to know of it (its applier, allowed programs, file checks). */
  apply?: KindApply;
  /** Folders its installer puts its CLIs in that a Finder-started app's PATH lacks (~/.rd/bin, the app bundle's bin); Homebrew's are common (detect.ts). */
  installDirs?(home: string): string[];
  /** The Docker contexts and daemons it owns, when it runs a Docker engine the docker CLI can see. */
  docker?: DockerOwnership;
  /** Its shell command into its VM, when a transport runs scripts through it (shell-in-VM: rdctl shell, limactl shell, ...). */
  shell?: ShellSpec;
  /** A transport into a target of a detected runtime, or undefined when it cannot run scripts yet. */
  transport?(runtime: RuntimeInfo, targetId: string, ctx: DetectContext): Transport | undefined;
  /** Looks inside a running runtime after detection (e.g. which filesystem each shared folder really is) and records it in `active`; never throws. */
  confirm?(runtime: RuntimeInfo, ctx: DetectContext): Promise<void>;
  /** How long confirm may take (default: the engine's in-guest confirmation time-out). */
  confirmTimeoutMs?: number;
  /** Restarts a runtime so a changed setting takes effect (only after the user confirmed the restart). */
  restart?(runtime: RuntimeInfo, ctx: DetectContext): Promise<void>;
  /** Or the CLI commands (run in order) that restart it, e.g. `vagrant reload ID`. */
  restartArgv?(runtime: RuntimeInfo): string[][];
  /** The CLI command that starts a stopped instance (`limactl start dev`), shown to the user before it runs; undefined when it cannot be started this way. */
  startArgv?(runtime: RuntimeInfo): string[] | undefined;
  /** Starts it and waits until it can run scripts, when more than startArgv is needed (only after the user confirmed). */
  start?(runtime: RuntimeInfo, ctx: DetectContext): Promise<void>;
}
