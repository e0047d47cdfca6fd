import fc from 'fast-check';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { colimaYamlSettings, parseColimaList, parseColimaStatus, parseColimaVersion } from '../../electron/engine/runtimes/colima/parse.js';
import { createDetectContext, detectAll } from '../../electron/engine/runtimes/detect.js';
import { normalizeDesktopSettings, parseDesktopSettingsFile } from '../../electron/engine/runtimes/docker-desktop/settings.js';
import { parseDockerContexts } from '../../electron/engine/runtimes/docker-engine.js';
import { domainSettings, parseDomainXml } from '../../electron/engine/runtimes/libvirt/domain-xml.js';
import { parseDomIfAddr, parseVirshListTable } from '../../electron/engine/runtimes/libvirt/virsh-text.js';
import { limaSettings, parseLimaList } from '../../electron/engine/runtimes/lima.js';
import { parseOsRelease } from '../../electron/engine/runtimes/local.js';
import { parseOrbVersion } from '../../electron/engine/runtimes/orbstack.js';
import { parsePodmanMachines, podmanSettings } from '../../electron/engine/runtimes/podman.js';
import { normalizeRdSettings, parseRdSettings, parseRdctlFlags, parseRdctlVersion } from '../../electron/engine/runtimes/rancher-desktop/settings.js';
import { parseDockerInfo, parseDockerVersion } from '../../electron/engine/runtimes/support/docker-parse.js';
import { parseJsonStream } from '../../electron/engine/runtimes/support/json-stream.js';
import { parseXml } from '../../electron/engine/runtimes/support/xml.js';
import { parseYamlMap } from '../../electron/engine/runtimes/support/yaml.js';
import type { Parsed } from '../../electron/engine/runtimes/support/parsed.js';
import type { RuntimeKind } from '../../electron/engine/runtimes/support/types.js';
import type { RuntimeKindId } from '../../electron/contract/runtime-kinds.js';
import {
  parseGlobalStatus,
  parseMachineReadable,
  parseSshConfig,
  parseVagrantStatus,
  parseVagrantVersion,
} from '../../electron/engine/runtimes/vagrant/machine-readable.js';
import { parseVagrantfile } from '../../electron/engine/runtimes/vagrant/vagrantfile.js';
import { CAPTURES, LOCAL_FIXTURES, text } from '../helpers/runtimes-stubs.js';

const HOST = { cpus: 4, memoryMiB: 8192, arch: 'arm64' };

/** Every parser, each followed (where it has one) by the step that normalizes what it read. */
const PARSERS: Record<string, (t: string) => Parsed<unknown> | unknown> = {
  parseJsonStream,
  parseYamlMap,
  parseXml,
  parseDockerInfo,
  parseDockerVersion,
  parseDockerContexts,
  parseColimaList,
  parseColimaStatus,
  parseColimaVersion,
  colimaYamlSettings,
  parseOrbVersion,
  parseRdctlVersion,
  parseMachineReadable,
  parseGlobalStatus,
  parseVagrantStatus,
  parseVagrantVersion,
  parseSshConfig,
  parseVirshListTable,
  parseDomIfAddr,
  desktop: (t) => {
    const p = parseDesktopSettingsFile(t);
    if (p.ok) for (const pl of ['mac', 'linux', 'windows'] as const) normalizeDesktopSettings(p.value, pl, HOST);
    return p;
  },
  rancher: (t) => {
    const p = parseRdSettings(t);
    if (p.ok) normalizeRdSettings(p.value, 'cli', 'darwin');
    return p;
  },
  lima: (t) => {
    const p = parseLimaList(t);
    if (p.ok) p.value.forEach((i) => limaSettings(i));
    return p;
  },
  podman: (t) => {
    const p = parsePodmanMachines(t);
    if (p.ok) p.value.forEach((m) => podmanSettings(m, '5.0.0'));
    return p;
  },
  domain: (t) => {
    const p = parseDomainXml(t);
    if (p.ok) domainSettings(p.value);
    return p;
  },
  vagrantfile: (t) => parseVagrantfile(t, 'libvirt'),
  osRelease: parseOsRelease,
  rdctlFlags: parseRdctlFlags,
};

function fixtureTexts(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/source\.txt$|SOURCES\.txt$/.test(e.name))
    .map((e) => text(join(e.parentPath, e.name)));
}
const FIXTURES = [...fixtureTexts(CAPTURES), ...fixtureTexts(LOCAL_FIXTURES)];

function checkTotal(parse: (t: string) => unknown, input: string): void {
  const r = parse(input) as Parsed<unknown> | unknown;
  if (r && typeof r === 'object' && 'ok' in r) {
    const p = r as Parsed<unknown>;
    if (!p.ok) expect(typeof p.error === 'string' && p.error.length > 0).toBe(true);
  }
}

const inputs = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.json({ maxDepth: 4 }),
  fc.constantFrom(...FIXTURES).chain((t) => fc.nat({ max: t.length }).map((n) => t.slice(0, n))),
  fc.constantFrom(...FIXTURES).chain((t) => fc.tuple(fc.nat({ max: t.length }), fc.string({ maxLength: 20 })).map(([n, s]) => t.slice(0, n) + s + t.slice(n))),
);

describe('parsers never throw (random text, random JSON, truncated and spliced real captures)', () => {
  for (const [name, parse] of Object.entries(PARSERS)) {
    it(name, () => {
      fc.assert(
        fc.property(inputs, (input) => checkTotal(parse, input)),
        { numRuns: 300 },
      );
    });
  }

  it('the settings normalizers accept any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        const rec = (v && typeof v === 'object' && !Array.isArray(v) ? v : { v }) as Record<string, unknown>;
        normalizeDesktopSettings(rec, 'mac', HOST);
        normalizeRdSettings(rec, 'file', 'linux');
      }),
      { numRuns: 300 },
    );
  });
});

type Behaviour = { type: 'throw'; message: string } | { type: 'hang' } | { type: 'garbage'; value: unknown } | { type: 'ok'; id: string };

const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  fc.record({ type: fc.constant('throw' as const), message: fc.string() }),
  fc.record({ type: fc.constant('hang' as const) }),
  fc.record({ type: fc.constant('garbage' as const), value: fc.anything() }),
  fc.record({ type: fc.constant('ok' as const), id: fc.string({ minLength: 1, maxLength: 8 }) }),
);

function kindFor(b: Behaviour, i: number): RuntimeKind {
  return {
    // Fake kinds under made-up ids (the detection contains any kind, registered or not).
    kind: `k${i}` as RuntimeKindId,
    async detect(): Promise<RuntimeInfo[]> {
      if (b.type === 'throw') throw new Error(b.message);
      if (b.type === 'hang') return new Promise(() => {});
      if (b.type === 'garbage') return b.value as RuntimeInfo[];
      return [{ id: b.id, kind: `k${i}`, name: b.id, version: null, state: 'stopped', settings: {}, settingsSource: {}, targets: [], findings: [] }];
    },
  };
}

describe('detectAll never rejects', () => {
  it('whatever its kinds do, every entry is a well-formed runtime', async () => {
    const ctx = createDetectContext({ dataDir: '/tmp', timeoutMs: 50, env: { PATH: '/nonexistent', HOME: '/nonexistent' } });
    await fc.assert(
      fc.asyncProperty(fc.array(behaviour, { maxLength: 6 }), async (bs) => {
        const list = await detectAll(ctx, { kinds: bs.map(kindFor), kindDeadlineMs: 20 });
        // A kind that answers [] is simply not installed; every other behaviour yields at least one entry.
        const answering = bs.filter((b) => !(b.type === 'garbage' && Array.isArray(b.value) && b.value.length === 0));
        expect(list.length).toBeGreaterThanOrEqual(answering.length);
        expect(new Set(list.map((r) => r.id)).size).toBe(list.length);
        for (const r of list) {
          expect(typeof r.id).toBe('string');
          expect(['running', 'stopped', 'not-created', 'unknown']).toContain(r.state);
          expect(Array.isArray(r.targets) && Array.isArray(r.findings)).toBe(true);
          if (r.state === 'unknown') expect(r.reason).toBeTruthy();
        }
      }),
      { numRuns: 60 },
    );
  });
});
