// The live VM stream's own global set-up: nothing to set up (tests/live/global-setup.ts does that), and at
// the end it stops the stream's shared TCG guest (scripts/shared-test-guest.mjs), whichever file booted it.
// Only the VM stream's project names it: the host stream ends at another time and must not stop it.
import { stopSharedGuest } from '../../scripts/shared-test-guest.mjs';

/** Returns the teardown that stops the shared guest. */
export default function setup(): () => Promise<void> {
  return () => stopSharedGuest({ log: (s) => process.stdout.write(`[live-vm teardown] ${s}\n`) });
}
