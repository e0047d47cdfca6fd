import { describe, expect, it } from 'vitest';
import { detailsOf, why, whyEn, withDetail } from '../../electron/engine/runtimes/support/why.js';
import { batchCommand, hasAgentChannel, parseBatch, parseVirshUuids } from '../../electron/engine/runtimes/libvirt/virsh-batch.js';

const A = '6b8f1a2c-0000-4000-8000-000000000001';
const B = '6B8F1A2C-0000-4000-8000-000000000002';

describe('reading many libvirt domains in one virsh call', () => {
  it('takes only UUID-shaped lines of `virsh list --uuid`', () => {
    expect(parseVirshUuids(`${A}\n\n--help\n${B}\r\nnot-a-uuid; shutdown x\n`)).toEqual([A, B]);
  });

  it('builds the command list from UUIDs only and refuses anything else', () => {
    expect(batchCommand([A])).toBe(`echo vmbench-xml-${A}; dumpxml ${A}; echo vmbench-state-${A}; domstate ${A}; echo vmbench-end-`);
    expect(() => batchCommand([A, 'vm; destroy --domain vm'])).toThrow(/not a domain UUID/);
  });

  it('splits the output at its markers; a domain virsh printed nothing for says so', () => {
    const out = [
      `vmbench-xml-${A}`,
      "<domain type='kvm'>",
      '  <name>web</name>',
      '</domain>',
      '',
      `vmbench-state-${A}`,
      'shut off',
      '',
      `vmbench-xml-${B.toLowerCase()}`,
      '',
      `vmbench-state-${B.toLowerCase()}`,
      '',
      'vmbench-end-',
      '',
    ].join('\n');
    const [a, b] = parseBatch([A, B], out, withDetail(why('libvirt.virshError'), "error: failed to get domain '6b8f…'"));
    expect(a).toEqual({ uuid: A, xml: "<domain type='kvm'>\n  <name>web</name>\n</domain>", state: 'shut off' });
    expect(b.xml).toBeUndefined();
    // The sentence says what happened; what virsh printed stays the reason's detail.
    expect(b.reason && whyEn(b.reason)).toBe(`virsh dumpxml printed nothing for domain ${B} (virsh reported an error)`);
    expect(b.reason && detailsOf(b.reason)).toEqual(["error: failed to get domain '6b8f…'"]);
  });

  it('knows a domain without the guest agent channel', () => {
    expect(hasAgentChannel("<channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0'/></channel>")).toBe(true);
    expect(hasAgentChannel("<channel type='spicevmc'><target type='virtio' name='com.redhat.spice.0'/></channel>")).toBe(false);
  });
});
