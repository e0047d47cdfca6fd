import { fail, ok, safeParse, type Parsed } from './parsed.js';

/** An element of a parsed XML document. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const MAX_DEPTH = 200;

/**
 * Parses the XML subset libvirt writes (`virsh dumpxml`): elements, attributes in single or double
 * quotes, text, entities, comments, CDATA, processing instructions and a DOCTYPE (skipped).
 * Iterative (no recursion), so deep or hostile input fails cleanly instead of overflowing.
 */
export function parseXml(text: string): Parsed<XmlElement> {
  return safeParse(() => {
    const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' };
    const stack: XmlElement[] = [root];
    let i = 0;
    const n = text.length;
    while (i < n) {
      const lt = text.indexOf('<', i);
      const top = stack[stack.length - 1];
      if (lt < 0) {
        if (text.slice(i).trim() !== '' && stack.length > 1) top.text += decode(text.slice(i));
        break;
      }
      if (lt > i && stack.length > 1) top.text += decode(text.slice(i, lt));
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end < 0) return fail('xmlUnterminatedComment');
        i = end + 3;
      } else if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end < 0) return fail('xmlUnterminatedCdata');
        top.text += text.slice(lt + 9, end);
        i = end + 3;
      } else if (text.startsWith('<?', lt) || text.startsWith('<!', lt)) {
        const end = text.indexOf('>', lt);
        if (end < 0) return fail('xmlUnterminatedDeclaration');
        i = end + 1;
      } else if (text.startsWith('</', lt)) {
        const end = text.indexOf('>', lt);
        if (end < 0) return fail('xmlUnterminatedEndTag');
        const name = text.slice(lt + 2, end).trim();
        if (stack.length < 2 || top.name !== name) return fail('xmlUnexpectedEnd', { name });
        stack.pop();
        i = end + 1;
      } else {
        const tag = readTag(text, lt);
        if (!tag) return fail('xmlBadTag', { at: lt + 1 });
        const el: XmlElement = { name: tag.name, attrs: tag.attrs, children: [], text: '' };
        if (stack.length === 1 && root.children.length > 0) return fail('xmlTwoRoots');
        top.children.push(el);
        if (!tag.selfClosing) {
          if (stack.length > MAX_DEPTH) return fail('xmlTooDeep');
          stack.push(el);
        }
        i = tag.end;
      }
    }
    if (stack.length > 1) return fail('xmlNotClosed', { name: stack[stack.length - 1].name });
    const doc = root.children[0];
    if (!doc) return fail('xmlNoElement');
    return ok(doc);
  });
}

function readTag(text: string, lt: number): { name: string; attrs: Record<string, string>; selfClosing: boolean; end: number } | undefined {
  const nameMatch = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(lt, lt + 256));
  if (!nameMatch) return undefined;
  const attrs: Record<string, string> = {};
  let i = lt + nameMatch[0].length;
  const attrRe = /\s*([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;
  for (;;) {
    attrRe.lastIndex = i;
    const m = attrRe.exec(text);
    if (!m) break;
    attrs[m[1]] = decode(m[3] ?? m[4] ?? '');
    i = attrRe.lastIndex;
  }
  const close = /\s*(\/?)>/y;
  close.lastIndex = i;
  const c = close.exec(text);
  if (!c) return undefined;
  return { name: nameMatch[1], attrs, selfClosing: c[1] === '/', end: close.lastIndex };
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
