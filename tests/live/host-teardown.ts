// The live host stream's own global set-up: nothing to set up (tests/live/global-setup.ts does that), and at
// the end it stops the stream's shared dockerd (tests/helpers/shared-dockerd.ts), whichever file started it.
// Only the host stream's project names it: the VM stream uses no dockerd.
import { stopSharedDockerd } from '../helpers/shared-dockerd.js';

/** Returns the teardown that stops the shared dockerd. */
export default function setup(): () => Promise<void> {
  return () => stopSharedDockerd((s) => process.stdout.write(`[live-host teardown] ${s}\n`));
}
