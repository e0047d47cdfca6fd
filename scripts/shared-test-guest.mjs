// The live VM stream's shared TCG guest (tests/live/vm-order.ts): the libvirt files (verdicts-throttle-libvirt,
// advice-view's live run, libvirt-services, libvirt-transport) boot one test guest (scripts/libvirt-test-guest.mjs)
// per kind instead of one each. The first caller boots it, under a lock; a later caller asking for the same kind
// (with or without the 9p share) gets it running; asking for the other kind stops it and boots that one, so at
// most one runs. The live-vm project's global teardown (tests/live/vm-teardown.ts) stops it, as does a file that
// must see no such guest or has changed it: libvirt-transport restarts it with a changed disk io, so it runs
// last of its users and stops it. start-stopped (a stopped guest) and vagrant-live (its own libvirtd) keep their own.
// State: $VMBENCH_LIVE_RUN (default /run/vmbench-live)/shared-guest.json, written atomically.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGuestImage, guestExec, startTestGuest, virsh, waitForAgent } from './libvirt-test-guest.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The live lane's run folder: state and locks of what its files share (this guest, the host stream's dockerd). */
export const liveRunDir = () => process.env.VMBENCH_LIVE_RUN || '/run/vmbench-live';
const runDir = liveRunDir;
const stateFile = () => join(runDir(), 'shared-guest.json');

/** Whether a process with this pid exists. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Runs fn holding the lock `name` in the live run folder (a folder made atomically, its owner's pid inside; a dead owner's lock is taken over). */
export async function withLock(fn, name = 'shared-guest') {
  const lock = join(runDir(), `${name}.lock`);
  mkdirSync(runDir(), { recursive: true });
  for (let waited = 0; ; waited += 1) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // just made, pid not written yet
      }
      if (owner > 0 && !alive(owner)) rmSync(lock, { recursive: true, force: true });
      else if (waited > 1800) throw new Error(`${lock} was held by pid ${owner} for 30 minutes`, { cause: err });
      else await sleep(1000);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function readState() {
  try {
    return JSON.parse(readFileSync(stateFile(), 'utf8'));
  } catch {
    return undefined;
  }
}

/** Destroys and undefines the shared guest, removes its folder and the state. */
function dispose(state, log) {
  for (const args of [
    ['destroy', '--domain', state.name],
    ['undefine', '--domain', state.name],
  ]) {
    try {
      virsh(state.uri, args, 60_000);
    } catch {
      // not running / not defined
    }
  }
  rmSync(state.work, { recursive: true, force: true });
  rmSync(stateFile(), { force: true });
  log(`stopped the shared guest ${state.name}`);
}

/**
 * The shared test guest (virtio NIC, default disk io, 1 GiB, 2 vCPUs; the 9p share at /mnt/host unless
 * `withShare: false`), running, its agent answering and its user-mode address (10.0.2.x) up. Returns
 * { name, uri, work, share, console, bootMs } (bootMs 0 when reused). Never stop it yourself: call
 * stopSharedGuest() if the file changed it or must see none.
 */
export async function sharedGuest({ uri = 'qemu:///system', withShare = true, log = () => {} } = {}) {
  return withLock(async () => {
    const state = readState();
    if (state) {
      try {
        if (state.withShare === withShare && state.uri === uri && virsh(state.uri, ['domstate', '--domain', state.name]).trim() === 'running') {
          await waitForAgent(state.uri, state.name, 60_000, state.console);
          log(`reusing the shared guest ${state.name}`);
          return { ...state, bootMs: 0 };
        }
      } catch {
        // gone or not answering: boot a new one
      }
      log(`the shared guest ${state.name} is not the kind asked for (share: ${withShare}) or not usable; stopping it`);
      dispose(state, log);
    }
    const name = `vmbench-shared-${process.pid}-${Date.now().toString(36)}`;
    const guest = await startTestGuest({ image: buildGuestImage(), name, uri, nicModel: 'virtio', withShare, log });
    // The agent can answer before DHCP on the user-mode NIC has finished; the net test needs the route to 10.0.2.2.
    const until = Date.now() + 120_000;
    for (;;) {
      const r = await guestExec(uri, name, '/bin/sh', ['-c', 'ip -4 addr show 2>/dev/null || true']).catch(() => ({ stdout: '' }));
      if (/inet 10\.0\.2\./.test(r.stdout) || Date.now() > until) break;
      await sleep(2000);
    }
    const next = { name, uri, withShare, work: guest.work, share: guest.share, console: guest.console };
    writeFileSync(`${stateFile()}.tmp`, JSON.stringify(next));
    renameSync(`${stateFile()}.tmp`, stateFile());
    log(`booted the shared guest ${name}: its agent answered ${(guest.bootMs / 1000).toFixed(1)} s after start`);
    return { ...next, bootMs: guest.bootMs };
  });
}

/** Stops the shared guest if one runs (the VM stream's global teardown; a file that changed it or must see none). */
export async function stopSharedGuest({ log = () => {} } = {}) {
  await withLock(async () => {
    const state = readState();
    if (state) dispose(state, log);
  });
}
