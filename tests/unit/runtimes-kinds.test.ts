import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isKind } from '../../electron/engine/advisor/rule-kit/types.js';
import { RUNTIME_KINDS, findKind } from '../../electron/engine/runtimes/registry.js';
import type { RuntimeInfo } from '../../electron/contract/contract.js';
import { RUNTIME_KIND_FACTS, RUNTIME_KIND_IDS, isContainerRuntimeId } from '../../electron/contract/runtime-kinds.js';

const rt = (kind: string): RuntimeInfo => ({
  id: kind,
  kind,
  name: kind,
  version: null,
  state: 'running',
  settings: {},
  settingsSource: {},
  targets: [],
  findings: [],
});

describe('every runtime kind has one home (docs/architecture.md, "How to add a runtime kind")', () => {
  it('has exactly one registry entry per id of the typed union, in its order', () => {
    expect(RUNTIME_KINDS.map((k) => k.kind)).toEqual([...RUNTIME_KIND_IDS]);
    for (const id of RUNTIME_KIND_IDS) expect(RUNTIME_KINDS.filter((k) => k.kind === id)).toHaveLength(1);
    for (const id of RUNTIME_KIND_IDS) expect(findKind(id)?.kind).toBe(id);
  });

  it('gives the renderer a fact line per id: the container kinds are Docker Desktop, OrbStack and Docker Engine', () => {
    expect(Object.keys(RUNTIME_KIND_FACTS).sort()).toEqual([...RUNTIME_KIND_IDS].sort());
    expect(['docker-desktop', 'docker:default', 'docker', 'orbstack', 'colima:default', 'lima:dev', 'local', 'podman:m'].map(isContainerRuntimeId)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('isKind', () => {
  it('takes the typed ids only', () => {
    expect(isKind(rt('podman'), 'podman')).toBe(true);
    expect(isKind(rt('lima'), 'colima', 'docker-desktop')).toBe(false);
    // @ts-expect-error -- not a runtime kind id: tsc (npx tsc -p tsconfig.json) rejects it.
    expect(isKind(rt('podman'), 'podmn')).toBe(false);
  });
});

describe('each kind declares what it must, in its own file', () => {
  const RUNTIMES = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'electron', 'engine', 'runtimes');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [readFileSync(join(dir, e.name), 'utf8')] : [],
    );

  it('names itself', () => {
    for (const k of RUNTIME_KINDS) expect(k.name, k.kind).toMatch(/\S/);
  });

  it('a kind whose targets run scripts through the shell-in-VM transport declares that shell, under its own id, and a transport', () => {
    // Every shell a kind's file opens a transport with is a const *_SHELL; each is the `shell` of exactly one kind.
    const opened = new Set(
      sources(RUNTIMES).flatMap((src) => [...src.matchAll(/(?:shellTransportFor|createShellTransport)\(\s*([A-Za-z_]+)/g)].map((m) => m[1])),
    );
    expect([...opened].every((name) => /^[A-Z]+_SHELL$/.test(name))).toBe(true);
    const withShell = RUNTIME_KINDS.filter((k) => k.shell);
    expect(withShell.map((k) => k.kind)).toEqual(['rancher-desktop', 'colima', 'lima', 'podman', 'vagrant']);
    expect(withShell).toHaveLength(opened.size);
    for (const k of withShell) {
      expect(k.shell!.kind).toBe(k.kind);
      expect(k.transport, k.kind).toBeTypeOf('function');
      const cli = k.shell!.cli({ platform: 'darwin', instance: 'default' });
      expect(cli.file, k.kind).toMatch(/^[a-z]+$/);
      expect(['argv', 'joined', 'command']).toContain(cli.passing);
    }
  });

  it('the Docker contexts a kind owns match its own context names only', () => {
    const owners = RUNTIME_KINDS.filter((k) => k.docker);
    expect(owners.map((k) => k.kind)).toEqual(['docker-desktop', 'rancher-desktop', 'orbstack', 'colima', 'lima']);
    for (const k of owners) for (const other of ['default', 'docker-engine', 'remote']) expect(k.docker!.context.test(other), `${k.kind} ${other}`).toBe(false);
  });

  it('install folders are absolute; apply programs are plain names; an applier plans and applies', () => {
    for (const k of RUNTIME_KINDS) {
      for (const d of k.installDirs?.('/Users/u') ?? []) expect(d.startsWith('/'), `${k.kind} ${d}`).toBe(true);
      for (const p of Object.keys(k.apply?.commands ?? {})) expect(p).toMatch(/^[a-z]+$/);
      const a = k.apply?.applier;
      if (a) expect([typeof a.plan, typeof a.apply]).toEqual(['function', 'function']);
      if (k.apply?.restartWhy) expect(k.restartArgv ?? k.restart, k.kind).toBeTypeOf('function');
    }
    expect(RUNTIME_KINDS.flatMap((k) => Object.keys(k.apply?.commands ?? {}))).toEqual(['rdctl', 'colima', 'limactl']);
  });
});
