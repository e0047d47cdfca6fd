/** The live VM stream's shared test guest, running. */
export interface SharedGuest {
  name: string;
  uri: string;
  withShare: boolean;
  work: string;
  /** The host folder shared into the guest at /mnt/host (9p); null without the share. */
  share: string | null;
  console: string;
  /** How long its boot took; 0 when an already running one was reused. */
  bootMs: number;
}

/** The shared test guest of the kind asked for, booted (under a lock) or reused. */
export function sharedGuest(o?: { uri?: string; withShare?: boolean; log?: (s: string) => void }): Promise<SharedGuest>;
/** Stops the shared guest if one runs. */
export function stopSharedGuest(o?: { log?: (s: string) => void }): Promise<void>;
/** The live lane's run folder: state and locks of what its files share. */
export function liveRunDir(): string;
/** Runs fn holding the lock `name` (default: the shared guest's) in the live run folder. */
export function withLock<T>(fn: () => Promise<T>, name?: string): Promise<T>;
/** Whether a process with this pid exists. */
export function alive(pid: number): boolean;
