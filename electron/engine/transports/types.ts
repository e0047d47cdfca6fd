import type { BenchEvent, Place } from '../../contract.js';

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
}

/** What a transport may need before its first script (an image to build, a container to create), with progress for the user. */
export interface PrepareOptions {
  signal: AbortSignal;
  /** The image the run asked for (`vmbench run --image`), for transports that run containers. */
  image?: string;
  /** A progress line for the user (the job's `log` events). */
  log(level: 'info' | 'warn', message: string): void;
  /** Use only what is already there (detection's quick look inside a guest): no image build. */
  noBuild?: boolean;
}

/** How a script reaches a target (local process, docker, shell-in-vm, vagrant, libvirt). */
export interface Transport {
  /** Runs a script; resolves with its exit code once it has exited (also after cancel). */
  run(script: ScriptPayload, opts: TransportRunOptions): Promise<{ exitCode: number | null; cancelled: boolean; timedOut: boolean }>;
  /** The directory a place's tests write into, as seen from inside the target. */
  placeDir(place: Place): string;
  /** Places this target offers. */
  places(): Place[];
  /** Sets the target up before the first script (build an image, create a container); a rejection says why the target cannot run, with an optional `code`. */
  prepare?(opts: PrepareOptions): Promise<void>;
  /** Frees what the transport set up (containers, uploaded files). */
  dispose?(): Promise<void>;
}
