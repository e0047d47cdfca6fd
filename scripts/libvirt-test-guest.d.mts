/** Files and settings of the cached test guest image (scripts/build-guest-image.sh). */
export interface GuestImage {
  dir: string;
  disk: string;
  kernel: string;
  initrd: string;
  cmdline: string;
  shareDir: string;
  guestDir: string;
  /** How long building or finding the image took. */
  ms: number;
}

/** A running test guest. */
export interface TestGuest {
  name: string;
  uri: string;
  work: string;
  /** The host folder shared into the guest at /mnt/host (9p); null for a guest started with `withShare: false`. */
  share: string | null;
  console: string;
  bootMs: number;
  /** Destroys and undefines the domain and removes its temp folder (overlay, share). */
  stop(): Promise<void>;
}

/** What guestExec returns (exitCode 128 + N for a program ended by signal N). */
export interface GuestExecResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** Runs virsh with an argument array; returns stdout. */
export function virsh(uri: string, args: string[], timeoutMs?: number): string;
/** Builds or reuses the cached guest image. */
export function buildGuestImage(): GuestImage;
/** The domain XML of the test guest (no 9p share when `share` is null). */
export function domainXml(o: {
  name: string;
  image: GuestImage;
  overlay: string;
  share: string | null;
  console: string;
  memoryMiB?: number;
  vcpus?: number;
  shareTag?: string;
  nicModel?: string;
}): string;
/** A test guest defined but not started (shut off). */
export type DefinedGuest = Omit<TestGuest, 'bootMs'>;
/** Defines a test guest without starting it. */
export function defineTestGuest(o: {
  image: GuestImage;
  name: string;
  uri?: string;
  memoryMiB?: number;
  vcpus?: number;
  nicModel?: string;
  withShare?: boolean;
}): DefinedGuest;
/** Defines and starts a test guest and waits for its guest agent. */
export function startTestGuest(o: {
  image: GuestImage;
  name: string;
  uri?: string;
  bootTimeoutMs?: number;
  memoryMiB?: number;
  vcpus?: number;
  nicModel?: string;
  withShare?: boolean;
  log?: (s: string) => void;
}): Promise<TestGuest>;
/** Polls guest-ping until the agent answers (through the engine's client, dist/guest-agent.js). */
export function waitForAgent(uri: string, name: string, timeoutMs: number, consoleLog?: string): Promise<void>;
/** Runs a program in the guest through guest-exec (the engine's client, dist/guest-agent.js) and waits; asks for its status every pollMs (0.3 s) after waiting quietMs (0) first. */
export function guestExec(
  uri: string,
  name: string,
  path: string,
  args?: string[],
  timeoutMs?: number,
  wait?: { quietMs?: number; pollMs?: number },
): Promise<GuestExecResult>;
