import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { folderCycles, forbiddenImports, importCycles, importGraph } from '../helpers/import-graph.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The contract between the engine and every face (docs/architecture.md, "The contract"), in electron/contract/. */
const CONTRACT = ['contract.ts', 'contract-base.ts', 'contract-advice.ts', 'contract-compare.ts', 'contract-import.ts'].map((f) => `electron/contract/${f}`);
/**
 * The code shared on purpose by the engine and every face, split by concern: the contract, the messages, the
 * measurement (tests, metrics, statistics, ratios) and the presentation (formats, headlines). The renderer may
 * import these, nothing else of electron/.
 */
const SHARED_DIRS = ['contract', 'messages', 'measurement', 'presentation'];
/** The shared folder of a file, as its rank in SHARED_DIRS (each builds on the ones before it), else -1. */
const sharedRank = (f: string): number => SHARED_DIRS.findIndex((d) => f.startsWith(`electron/${d}/`));
const isSharedPath = (f: string): boolean => SHARED_DIRS.some((d) => f.startsWith(`electron/${d}/`));
/** The folders under electron/: the engine, the three faces (CLI, `vmbench web`, the desktop shell) and the shared code. */
const ELECTRON_DIRS = ['engine', 'cli', 'web', 'desktop', ...SHARED_DIRS];

const isFace = (f: string): boolean => f.startsWith('electron/cli/') || f.startsWith('electron/web/') || f.startsWith('electron/desktop/');
const isEngine = (f: string): boolean => f.startsWith('electron/engine/');
const isShared = (f: string): boolean => isSharedPath(f);
const isCatalogue = (f: string): boolean => /^src\/locales\/[a-z]{2}\/[\w-]+\.json$/.test(f);

describe('the import graph of electron/ and src/', () => {
  const graph = importGraph(ROOT, ['electron', 'src']);

  it('resolves every relative import to a file', () => {
    expect(graph.unresolved).toEqual([]);
    // The scanner sees what it must: a value import, an `export … from`, a type-only import.
    expect(graph.edges.get('src/api/get-api.ts')).toContain('electron/contract/api-client.ts');
    expect(graph.edges.get('electron/contract/contract.ts')).toEqual(
      expect.arrayContaining(['electron/contract/contract-base.ts', 'electron/contract/contract-advice.ts']),
    );
  });

  it('has no circles', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it("has no circles between folders, at any depth: no two sibling folders (a folder's own files counting as one) import each other", () => {
    expect(folderCycles(graph)).toEqual([]);
  });

  it("has no circles, of files or of folders, in the tests' and scripts' TypeScript either", () => {
    const house = importGraph(ROOT, ['electron', 'src', 'tests', 'scripts']);
    expect(importCycles(house)).toEqual([]);
    expect(folderCycles(house)).toEqual([]);
  });

  it('keeps the engine below the faces: electron/engine/** never imports the CLI, the Electron shell, the web server or the renderer', () => {
    expect(forbiddenImports(graph, isEngine, (t) => isFace(t) || t.startsWith('src/'))).toEqual([]);
  });

  it('keeps runtimes above transports: electron/engine/transports/** never imports electron/engine/runtimes/** (shared helpers live in engine/util/ and engine/guest/)', () => {
    expect(
      forbiddenImports(
        graph,
        (f) => f.startsWith('electron/engine/transports/'),
        (t) => t.startsWith('electron/engine/runtimes/'),
      ),
    ).toEqual([]);
  });

  it('keeps electron/engine/guest/ (the guest-agent client, the mount-table reader) below both: it imports neither runtimes nor transports', () => {
    expect(
      forbiddenImports(
        graph,
        (f) => f.startsWith('electron/engine/guest/'),
        (t) => t.startsWith('electron/engine/runtimes/') || t.startsWith('electron/engine/transports/'),
      ),
    ).toEqual([]);
  });

  it('lets src/ import from electron/ only the contract and the shared modules', () => {
    expect(
      forbiddenImports(
        graph,
        (f) => f.startsWith('src/'),
        (t) => t.startsWith('electron/') && !isShared(t),
      ),
    ).toEqual([]);
  });

  it('keeps the shared modules shared: they import only each other, the contract and the message catalogues', () => {
    expect(forbiddenImports(graph, isShared, (t) => !isShared(t) && !isCatalogue(t))).toEqual([]);
  });

  it('layers the shared code: contract, then messages, then measurement, then presentation; none imports a later one', () => {
    const upward = [...graph.edges].flatMap(([f, ts]) =>
      ts.filter((t) => isShared(f) && isShared(t) && sharedRank(t) > sharedRank(f)).map((t) => `${f} -> ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it('keeps electron/ to its folders: the engine, each face in its own, and the shared code by concern (no file at its root)', () => {
    const entries = readdirSync(join(ROOT, 'electron'), { withFileTypes: true });
    expect(entries.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
    expect(entries.map((e) => e.name).sort()).toEqual([...ELECTRON_DIRS].sort());
    for (const f of CONTRACT) expect(readdirSync(join(ROOT, 'electron', 'contract'))).toContain(f.split('/').pop());
  });
});

describe('the checks themselves, on a small tree that breaks each rule', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vmbench-import-graph-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (file: string, text: string): void => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  write('electron/contract/contract.ts', "import type { B } from './contract-advice.js';\nexport type A = B;\n");
  write('electron/contract/contract-advice.ts', "import type { A } from './contract.js';\nexport type B = string;\nexport type C = A;\n");
  write('electron/engine/run.ts', "export { go } from '../cli/go.js';\nconst m = await import('../web/server.js');\n");
  write('electron/cli/go.ts', 'export const go = 1;\n');
  write('electron/web/server.ts', 'export {};\n');
  write('src/view.tsx', "import { go } from '../electron/engine/run';\nimport './missing.js';\n");
  // Folders that lean on each other although no file does: a registry at the folder's root lists a kind's
  // folder, the kind imports a type from the root, and a helper folder imports the root's errors.
  write('electron/engine/kinds/registry.ts', "import { a } from './a/index.js';\nexport const all = [a];\n");
  write('electron/engine/kinds/types.ts', 'export type Kind = string;\n');
  write('electron/engine/kinds/a/index.ts', "import type { Kind } from '../types.js';\nexport const a: Kind = 'a';\n");
  const graph = importGraph(dir, ['electron', 'src']);

  it('finds a type-only circle, an engine that imports faces (export-from, import()), a renderer reaching into the engine and an unresolved import', () => {
    expect(importCycles(graph)).toEqual([['electron/contract/contract-advice.ts', 'electron/contract/contract.ts']]);
    expect(forbiddenImports(graph, isEngine, (t) => isFace(t) || t.startsWith('src/'))).toEqual([
      'electron/engine/run.ts -> electron/cli/go.ts',
      'electron/engine/run.ts -> electron/web/server.ts',
    ]);
    expect(
      forbiddenImports(
        graph,
        (f) => f.startsWith('src/'),
        (t) => t.startsWith('electron/') && !isShared(t),
      ),
    ).toEqual(['src/view.tsx -> electron/engine/run.ts']);
    expect(graph.unresolved).toEqual([{ from: 'src/view.tsx', spec: './missing.js' }]);
  });

  it("finds folders that import each other where no file circle exists: the kinds folder's root files and its kind a", () => {
    expect(importCycles(graph).flat()).not.toContain('electron/engine/kinds/registry.ts');
    expect(folderCycles(graph)).toEqual(['electron/engine/kinds: ., a']);
  });
});
