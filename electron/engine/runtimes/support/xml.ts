import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { fail, ok, safeParse, type Parsed } from './parsed.js';

/** An element of a parsed XML document. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** `virsh dumpxml` of a large domain is tens of KiB; anything past this is not a domain. */
export const XML_MAX_CHARS = 4 * 1024 * 1024;
/** Deepest element nesting accepted; libvirt domains nest about six. */
const MAX_DEPTH = 200;

/** A node of fast-xml-parser's ordered output: `{ name: children, ':@': attrs }`, `{ '#text': s }` or `{ '#cdata': [{ '#text': s }] }`. */
type OrderedNode = Record<string, unknown>;

/**
 * The parser, with entity processing off (no DOCTYPE entity expansion; the five predefined
 * entities and character references are decoded here), values kept as the strings written.
 */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: '#cdata',
  maxNestedTags: MAX_DEPTH,
});

/**
 * Parses an XML document (libvirt's `virsh dumpxml`) with fast-xml-parser into elements with
 * attributes, children and their text (CDATA kept raw). Bounded for hostile input: a size cap,
 * a nesting cap, no entity expansion. Fails with the line and column of the first error.
 */
export function parseXml(text: string): Parsed<XmlElement> {
  return safeParse(() => {
    if (text.length > XML_MAX_CHARS) return fail('xmlTooLarge', { max: XML_MAX_CHARS });
    if (!text.includes('<')) return fail('xmlNoElement');
    const valid = XMLValidator.validate(text);
    if (valid !== true) return fail('xmlInvalid', { line: valid.err.line, col: valid.err.col });
    let nodes: OrderedNode[];
    try {
      nodes = parser.parse(text) as OrderedNode[];
    } catch (err) {
      if (err instanceof Error && /nested/i.test(err.message)) return fail('xmlTooDeep');
      throw err;
    }
    const roots = nodes.map(element).filter((e): e is XmlElement => e !== undefined);
    if (roots.length > 1) return fail('xmlTwoRoots');
    if (!roots[0]) return fail('xmlNoElement');
    return ok(roots[0]);
  });
}

/** The element a node of the ordered output is, or undefined for text and CDATA. */
function element(node: OrderedNode): XmlElement | undefined {
  const name = Object.keys(node).find((k) => k !== ':@');
  if (name === undefined || name === '#text' || name === '#cdata') return undefined;
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries((node[':@'] ?? {}) as Record<string, unknown>)) attrs[k] = decode(String(v));
  const el: XmlElement = { name, attrs, children: [], text: '' };
  for (const c of node[name] as OrderedNode[]) {
    if ('#text' in c) el.text += decode(String(c['#text']));
    else if ('#cdata' in c) el.text += (c['#cdata'] as OrderedNode[]).map((t) => String(t['#text'] ?? '')).join('');
    else {
      const sub = element(c);
      if (sub) el.children.push(sub);
    }
  }
  return el;
}

function decode(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (m, e: string) => {
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'amp') return '&';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    const code = e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/** The first child element with that name. */
export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

/** All child elements with that name. */
export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}
