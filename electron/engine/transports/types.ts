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

/** How a script reaches a target (local process, docker, shell-in-vm, vagrant, libvirt). */
export interface Transport {
  /** Runs a script; resolves with its exit code once it has exited (also after cancel). */
  run(script: ScriptPayload, opts: TransportRunOptions): Promise<{ exitCode: number | null; cancelled: boolean; timedOut: boolean }>;
  /** The directory a place's tests write into, as seen from inside the target. */
  placeDir(place: Place): string;
  /** Places this target offers. */
  places(): Place[];
  /** Frees what the transport set up (containers, uploaded files). */
  dispose?(): Promise<void>;
}
