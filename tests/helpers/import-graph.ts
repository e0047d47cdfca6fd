/** The import graph of the source folders, read with the TypeScript compiler's own import scanner. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** Files (repository-relative, '/'-separated) and the files each imports directly, through relative specifiers. */
export interface ImportGraph {
  edges: Map<string, string[]>;
  /** Relative specifiers that name no file: `from` and the specifier. */
  unresolved: { from: string; spec: string }[];
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolveSpec(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\?.*$/, '').replace(/\.js$/, ''));
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Every import, `export … from`, `import()` and `require()` of the .ts/.tsx files under `folders`
 * (type-only ones included: a type circle is a circle of modules); package imports are left out.
 */
export function importGraph(root: string, folders: string[]): ImportGraph {
  const edges = new Map<string, string[]>();
  const unresolved: ImportGraph['unresolved'] = [];
  const rel = (p: string): string => relative(root, p).split('\\').join('/');
  for (const file of folders.flatMap((f) => sourceFiles(join(root, f)))) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const to: string[] = [];
    for (const { fileName: spec } of info.importedFiles) {
      if (!spec.startsWith('.')) continue;
      const target = resolveSpec(file, spec);
      if (target) to.push(rel(target));
      else unresolved.push({ from: rel(file), spec });
    }
    edges.set(rel(file), [...new Set(to)]);
  }
  return { edges, unresolved };
}

/** The circles of the graph: each strongly connected set of more than one file (or a file importing itself), sorted. */
export function importCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.edges.get(v) ?? []) {
      if (!graph.edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || graph.edges.get(v)?.includes(v)) out.push(scc.sort());
  };
  for (const v of graph.edges.keys()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The imports that break a rule: `from -> to` for each edge whose source matches `from` and target matches `forbidden`. */
export function forbiddenImports(graph: ImportGraph, from: (file: string) => boolean, forbidden: (target: string) => boolean): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph.edges) if (from(file)) for (const t of targets) if (forbidden(t)) out.push(`${file} -> ${t}`);
  return out.sort();
}

/**
 * The circles between sibling folders, at every depth: for each import, the folder that holds both files
 * sees an arrow from the child holding the importer to the child holding the imported file (a child is a
 * subfolder, or `.` for the folder's own files). Each circle is given as `folder: [children]`. A tree where
 * every file-level import points one way can still have folders that lean on each other; this finds them.
 */
export function folderCycles(graph: ImportGraph): string[] {
  const folderEdges = new Map<string, string[]>();
  const add = (from: string, to: string): void => {
    if (!folderEdges.has(from)) folderEdges.set(from, []);
    if (!folderEdges.has(to)) folderEdges.set(to, []);
    if (!folderEdges.get(from)!.includes(to)) folderEdges.get(from)!.push(to);
  };
  for (const [file, targets] of graph.edges) {
    const a = file.split('/');
    for (const target of targets) {
      const b = target.split('/');
      let i = 0;
      while (i < a.length - 1 && i < b.length - 1 && a[i] === b[i]) i++;
      const folder = a.slice(0, i).join('/') || '.';
      const child = (parts: string[]): string => (i === parts.length - 1 ? '.' : parts[i]);
      if (child(a) === child(b)) continue;
      add(`${folder}:${child(a)}`, `${folder}:${child(b)}`);
    }
  }
  return importCycles({ edges: folderEdges, unresolved: [] }).map((scc) => `${scc[0].split(':')[0]}: ${scc.map((n) => n.split(':')[1]).join(', ')}`);
}
