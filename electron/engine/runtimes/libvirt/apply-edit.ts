/** The XML attribute a libvirt finding changes, re-derived from the current domain XML. */
export type LibvirtEdit = { what: 'disk-driver'; attr: 'io' | 'cache'; value: string } | { what: 'nic-model'; value: string };

/** Which edit a libvirt finding's setting stands for; null when apply cannot make it safely. */
export function libvirtEditFor(setting: string, recommended: unknown): LibvirtEdit | null {
  const value = String(recommended);
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return null;
  if (setting === 'diskIo') return { what: 'disk-driver', attr: 'io', value };
  if (setting === 'diskCache') return { what: 'disk-driver', attr: 'cache', value };
  if (setting === 'nicModel') return { what: 'nic-model', value };
  return null;
}

/** The edited domain XML: the first device='disk' <disk>'s <driver> or the first <interface>'s <model>. */
export function editDomainXml(xml: string, edit: LibvirtEdit): string {
  if (edit.what === 'disk-driver') {
    const disk = findBlock(xml, /<disk\b[^>]*>/g, '</disk>', (open) => !/device=['"]/.test(open) || /device=['"]disk['"]/.test(open));
    if (!disk) throw new Error('the domain XML has no <disk device="disk">');
    const body = xml.slice(disk.start, disk.end);
    const m = /<driver\b[^>]*?\/?>/.exec(body);
    let next: string;
    if (m) next = body.slice(0, m.index) + setAttr(m[0], edit.attr, edit.value) + body.slice(m.index + m[0].length);
    else next = body.replace(/(<disk\b[^>]*>)/, `$1\n      <driver name='qemu' ${edit.attr}='${edit.value}'/>`);
    return xml.slice(0, disk.start) + next + xml.slice(disk.end);
  }
  const nic = findBlock(xml, /<interface\b[^>]*>/g, '</interface>', () => true);
  if (!nic) throw new Error('the domain XML has no <interface>');
  const body = xml.slice(nic.start, nic.end);
  const m = /<model\b[^>]*?\/?>/.exec(body);
  const next = m
    ? body.slice(0, m.index) + setAttr(m[0], 'type', edit.value) + body.slice(m.index + m[0].length)
    : body.replace(/(\s*)<\/interface>$/, `$1  <model type='${edit.value}'/>$1</interface>`);
  return xml.slice(0, nic.start) + next + xml.slice(nic.end);
}

/** The value a domain XML has for an edit (after define: for verification). */
export function readEdit(xml: string, edit: LibvirtEdit): string | undefined {
  const isDisk = edit.what === 'disk-driver';
  const block = findBlock(
    xml,
    isDisk ? /<disk\b[^>]*>/g : /<interface\b[^>]*>/g,
    isDisk ? '</disk>' : '</interface>',
    (open) => !isDisk || !/device=['"]/.test(open) || /device=['"]disk['"]/.test(open),
  );
  if (!block) return undefined;
  const body = xml.slice(block.start, block.end);
  const el = (isDisk ? /<driver\b[^>]*>/ : /<model\b[^>]*>/).exec(body)?.[0] ?? '';
  const attr = isDisk ? edit.attr : 'type';
  return new RegExp(`\\b${attr}=['"]([^'"]*)['"]`).exec(el)?.[1];
}

function setAttr(tag: string, attr: string, value: string): string {
  const re = new RegExp(`\\s${attr}=(['"])[^'"]*\\1`);
  if (re.test(tag)) return tag.replace(re, ` ${attr}='${value}'`);
  return tag.replace(/\s*(\/?>)$/, ` ${attr}='${value}'$1`);
}

function findBlock(xml: string, open: RegExp, close: string, accept: (openTag: string) => boolean): { start: number; end: number } | null {
  for (const m of xml.matchAll(open)) {
    if (!accept(m[0])) continue;
    const end = xml.indexOf(close, m.index);
    if (end < 0) return null;
    return { start: m.index, end: end + close.length };
  }
  return null;
}
