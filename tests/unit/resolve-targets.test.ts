// A run looks up the targets the user chose with patient time-outs (RUN_LOOKUP_*): on a busy machine a
// runtime's CLI that answers after the UI's detection deadline (DETECT_DEADLINE_MS) is slow, not gone.
// Seen live: `vagrant global-status` under load took longer than 6 s and the run failed with
// "No target …" for a machine the UI had just listed. Replayed: limactl list --json (lima PR 308).
import { afterEach, describe, expect, it } from 'vitest';
import { DETECT_DEADLINE_MS, RUN_LOOKUP_DEADLINE_MS } from '../../electron/engine/runtimes/detect.js';
import { resolveTargets } from '../../electron/engine/targets.js';
import { makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';

let stub: StubEnv | undefined;
const saved = { PATH: process.env.PATH, HOME: process.env.HOME };
afterEach(() => {
  Object.assign(process.env, saved);
  stub?.cleanup();
  stub = undefined;
});

/** The engine's own environment is the stubs' (resolveTargets detects with process.env, as the app does). */
function useStubs(s: StubEnv): void {
  stub = s;
  Object.assign(process.env, { PATH: s.env.PATH, HOME: s.env.HOME });
}

describe('looking up the chosen targets when a run starts', () => {
  it('finds a machine whose CLI answers after the detection deadline', async () => {
    const delayS = Math.ceil(DETECT_DEADLINE_MS / 1000) + 2;
    expect(delayS * 1000).toBeLessThan(RUN_LOOKUP_DEADLINE_MS);
    useStubs(makeStubEnv({ limactl: [{ args: '"list --json"', stdout: captured('lima/list-json.lima-pr308-2021.ndjson'), delayS }] }));
    const [target] = await resolveTargets(['lima:default'], stub!.root, new AbortController().signal);
    expect(target).toMatchObject({ id: 'lima:default', runtime: 'lima:default', label: 'Lima default' });
    expect(target.transport).toBeDefined();
  }, 60_000);

  it('still says that a target which no runtime has does not exist, and that a stopped one is stopped', async () => {
    useStubs(makeStubEnv({ limactl: [{ args: '"list --json"', stdout: captured('lima/list-json.lima-pr308-2021.ndjson') }] }));
    await expect(resolveTargets(['lima:nope'], stub!.root, new AbortController().signal)).rejects.toMatchObject({ code: 'not-found' });
    await expect(resolveTargets(['lima:alpine'], stub!.root, new AbortController().signal)).rejects.toMatchObject({ code: 'invalid-input' });
  }, 60_000);
});
