import { defineConfig } from 'vitest/config';
import { hostOnlyEnv, INTEGRATION_HOME } from './tests/helpers/host-only-env.js';
import { LongestFirstSequencer } from './tests/longest-first-sequencer.js';
import { LIVE_VM_FILES, NO_LIBVIRT } from './tests/live/vm-order.js';

// Two lanes (README "Tests"). The fast lane, `npm test`: unit (no external tools), integration (real
// fio and sh, replayed captures) and e2e (Chromium against `vmbench web` with replayed runtimes and
// stored runs) — any user, Linux or macOS. The live lane, `npm run test:live`: real Docker Engine,
// libvirt + QEMU guests, Vagrant, BusyBox and the service tools — root on Linux.
// The CLI's messages are asserted in English: a Japanese locale of the shell must not change them
// (empty LC_ALL / LC_MESSAGES count as unset; a test that wants Japanese sets LANG or --lang).
const englishCli = { LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' };
// An integration test's `vmbench` (a CLI child or an engine in the test's own process) sees This machine
// only, whatever runs here (the live lane's dockerd and guests, a developer's VMs): an empty HOME of its
// own (INTEGRATION_HOME, emptied by tests/integration/global-setup.ts) and no libvirt or Docker
// socket. A test that means more sets it in the env it passes. The e2e harness does the same for each server it starts.

// Every project's test processes read catalogues from their files when a language is first asked for, as the Node faces do.
const setupFiles = ['tests/helpers/catalogue-files-setup.ts'];

export default defineConfig({
  test: {
    // Three files at a time on two cores: the fast lane's files share nothing (each has its own data folder from
    // mkdtemp, port 0, screenshots under test-results/screens/<file>/, fio processes found by their own folder) and
    // assert no time or hardware statistics, so unit, integration and e2e run three at a time, in one pool (the
    // slowest files first, tests/longest-first-sequencer.ts, then vitest's order: e2e, integration, unit). Much of
    // an integration file is waiting (fio's time-based trials, write-back settling, a CLI time-out): the
    // integration project used 232 s of CPU in 508 s of files, the e2e project (Chromium) about 545 s in 581 s.
    // With two workers two waiting files left the cores idle while the browser files queued (fast lane 19 min
    // in CI); with three it took 13.6 min on a machine at load average 8-11 from other work.
    // The live lane: two streams, each one file at a time (below).
    maxWorkers: 3,
    // vitest takes the sequencer from here only, not from a project: the fast lane's slowest files first, the
    // live VM stream's files in their order (tests/live/vm-order.ts), every other file in vitest's own order.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // A unit test's time-out is a guard against a hang, not a speed goal: generous, since two files share the cores.
      // Dates are written in local time with the zone shown (electron/presentation/format.ts): unit tests read them in UTC on any machine.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], setupFiles, environment: 'node', env: { TZ: 'UTC' }, testTimeout: 60_000 } },
      {
        test: {
          name: 'integration',
          setupFiles,
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          env: { ...englishCli, ...hostOnlyEnv(INTEGRATION_HOME) },
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          setupFiles,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
      // The live lane: two streams that run at the same time (scripts/test-all.mjs starts one vitest per stream,
      // since one vitest runs all maxWorkers-1 projects as one queue), each one file at a time. live-vm: every
      // file that touches libvirtd, QEMU or Vagrant (their domains, guests and boxes are seen by each other's
      // detection), longest first (tests/live/vm-order.ts). live-host: private dockerds, native fio, Chromium;
      // its engines are pointed at no libvirt at all, so they never see the other stream's guests and domains.
      // What makes the two safe together: docs/architecture.md "The live lane".
      {
        test: {
          name: 'live-vm',
          setupFiles,
          include: LIVE_VM_FILES,
          globalSetup: ['tests/live/global-setup.ts', 'tests/live/vm-teardown.ts'],
          env: englishCli,
          testTimeout: 900_000,
          hookTimeout: 2_000_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'live-host',
          setupFiles,
          include: ['tests/live/**/*.test.ts'],
          exclude: LIVE_VM_FILES,
          // The stream's one dockerd (tests/helpers/shared-dockerd.ts) is stopped by its own teardown.
          globalSetup: ['tests/live/global-setup.ts', 'tests/live/host-teardown.ts'],
          env: { ...englishCli, VMBENCH_LIBVIRT_URI: NO_LIBVIRT },
          testTimeout: 900_000,
          hookTimeout: 2_000_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
