// ESLint (flat config): `npm run lint`; the fast lane runs it too (scripts/test-all.mjs).
// typescript-eslint's recommended rules without type information: the type-aware set (recommendedTypeChecked)
// took 2.5 times the CPU of this one on the whole repository (77 s against 31 s, more than a minute either
// way on 2 busy cores), on top of tsc, which the fast lane runs beside it anyway.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // Build output and test reports; tests/fixtures holds captures of real tools' files, kept byte-identical.
  { ignores: ['dist/', 'release/', 'test-results/', 'tests/fixtures/', '.vmbench-tmp*', '.stryker-tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore names a parameter that is there for its position or its type (mock signatures,
      // callbacks); `{ a: _a, ...rest }` drops a field from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Control characters in regular expressions are deliberate here: terminal-safe.ts, the store's schema,
      // card text and the tests strip, refuse or look for exactly those bytes (escape sequences, NUL, C0).
      'no-control-regex': 'off',
    },
  },
  // The renderer: browser globals and the rules of hooks.
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  // Node: the engine, the shell, the CLI, scripts, tests and the config files.
  {
    files: ['electron/**', 'scripts/**', 'tests/**', 'bin/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  // The callbacks these scripts give Playwright (page.evaluate, waitForFunction, addInitScript) run in the page.
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { document: 'readonly', window: 'readonly', MutationObserver: 'readonly' } },
  },
);
