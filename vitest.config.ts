import { defineConfig } from 'vitest/config';

// Three groups: unit (fast, no external tools), integration (real fio, real processes),
// e2e (Chromium against `vmbench web`). `npm test` runs all of them.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // The CLI's messages are asserted in English: a Japanese locale of the shell must not change them
          // (empty LC_ALL / LC_MESSAGES count as unset; a test that wants Japanese sets LANG or --lang).
          env: { LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' },
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
