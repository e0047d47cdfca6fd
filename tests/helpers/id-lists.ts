/** Finds hand-written lists of given ids (arrays, object keys, union types) in source files, read with the TypeScript parser. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The string an id-like node spells: a string literal, a literal type, or a property name. */
function spelled(node: ts.Node): string | undefined {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return node.literal.text;
  if (ts.isIdentifier(node)) return node.text;
  return undefined;
}

/** The ids a list node names directly: array elements (also inside element tuples and objects), object keys, union members. */
function listed(node: ts.Node, ids: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const take = (n: ts.Node | undefined): void => {
    const s = n && spelled(n);
    if (s !== undefined && ids.has(s)) out.push(s);
  };
  if (ts.isArrayLiteralExpression(node)) {
    for (const el of node.elements) {
      if (ts.isStringLiteralLike(el)) take(el);
      else if (ts.isArrayLiteralExpression(el)) el.elements.forEach((x) => ts.isStringLiteralLike(x) && take(x));
      else if (ts.isObjectLiteralExpression(el))
        el.properties.forEach((p) => ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer) && take(p.initializer));
    }
  } else if (ts.isObjectLiteralExpression(node)) {
    for (const p of node.properties) if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name) take(p.name);
  } else if (ts.isUnionTypeNode(node)) {
    node.types.forEach(take);
  }
  return [...new Set(out)];
}

/**
 * Every array, object literal or union type under `folders` (except the `allowed` files) that names
 * at least two of `ids`, as "file:line: text": a list of them written out again.
 */
export function idLists(root: string, folders: string[], ids: readonly string[], allowed: readonly string[] = []): string[] {
  const set = new Set(ids);
  const hits: string[] = [];
  for (const file of folders.flatMap((f) => sourceFiles(join(root, f)))) {
    const rel = relative(root, file).split('\\').join('/');
    if (allowed.includes(rel)) continue;
    const text = readFileSync(file, 'utf8');
    if (ids.filter((id) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(text)).length < 2) continue; // cannot hold a list: not worth parsing
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (listed(node, set).length >= 2) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        hits.push(`${rel}:${line}: ${node.getText(sf).replace(/\s+/g, ' ').slice(0, 100)}`);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return hits;
}
