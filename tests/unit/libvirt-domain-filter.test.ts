/**
 * VMBENCH_LIBVIRT_DOMAINS scopes libvirt detection to the domains whose name starts with it (the live tests set it
 * to the domains they defined, so another domain on the machine cannot change their findings); unset, every
 * domain is described. A stub virsh answers `list --all --uuid` and the batched dumpxml/domstate with two domains
 * made from one real dumpxml capture.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { libvirtKind } from '../../electron/engine/runtimes/libvirt/index.js';
import { makeStubEnv, captured, type StubEnv } from '../helpers/runtimes-stubs.js';

let stub: StubEnv | undefined;
afterEach(() => stub?.cleanup());

const XML = readFileSync(captured('libvirt/dumpxml.libvirt-test.iothreads-disk.xml'), 'utf8');
const domain = (name: string, uuid: string): string =>
  XML.replace(/<name>[^<]*<\/name>/, `<name>${name}</name>`).replace(/<uuid>[^<]*<\/uuid>/, `<uuid>${uuid}</uuid>`);
const DOMS = [
  ['vmbench-tuned-1', '11111111-1111-4111-8111-111111111111'],
  ['someone-elses-rtl8139', '22222222-2222-4222-8222-222222222222'],
];

async function detected(filter?: string): Promise<string[]> {
  const files = mkdtempSync(join(tmpdir(), 'vmbench-lv-filter-'));
  try {
    const uuids = join(files, 'uuids');
    const batch = join(files, 'batch');
    writeFileSync(uuids, `${DOMS.map(([, u]) => u).join('\n')}\n\n`);
    writeFileSync(batch, `${DOMS.map(([n, u]) => `vmbench-xml-${u}\n${domain(n, u)}\nvmbench-state-${u}\nshut off\n`).join('')}\nvmbench-end-\n`);
    stub = makeStubEnv({
      virsh: [
        { args: '*"list --all --uuid"', stdout: uuids },
        { args: '*dumpxml*', stdout: batch },
        { args: '*', exit: 1 },
      ],
    });
    const env = { ...stub.env, ...(filter === undefined ? {} : { VMBENCH_LIBVIRT_DOMAINS: filter }) };
    const list = await detectAll(createDetectContext({ env, dataDir: stub.root, timeoutMs: 3000 }), { kinds: [libvirtKind] });
    stub.cleanup();
    stub = undefined;
    return list.map((r) => r.id);
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}

describe('libvirt detection scoped by VMBENCH_LIBVIRT_DOMAINS', () => {
  it('unset: every domain', async () => {
    expect(await detected()).toEqual(['libvirt:vmbench-tuned-1', 'libvirt:someone-elses-rtl8139']);
  });
  it('set: only the domains whose name starts with it', async () => {
    expect(await detected('vmbench-tuned-')).toEqual(['libvirt:vmbench-tuned-1']);
    expect(await detected('vmbench-nothing')).toEqual([]);
  });
  it('blank: as unset', async () => {
    expect(await detected('  ')).toHaveLength(2);
  });
});
