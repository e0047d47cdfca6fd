import { join } from 'node:path';
import { ok, safeParse, type Parsed } from '../support/parsed.js';
import type { SettingsBag } from '../support/runtime-info.js';
import { parseSize, toNumber } from '../support/values.js';
import type { HostFacts } from './settings.js';
import { why, type Why } from '../support/why.js';

/** The VM resources of the [wsl2] section of %UserProfile%\.wslconfig. */
export interface WslResources {
  processors?: number;
  memoryBytes?: number;
  swapBytes?: number;
}

/** Where WSL reads its global settings: %UserProfile%\.wslconfig. */
export function wslConfigPath(home: string): string {
  return join(home, '.wslconfig');
}

/** Bytes of a .wslconfig size: bytes without a unit; KB/MB/GB/TB are binary (WSL multiplies by 1024). */
function wslSize(v: string): number | undefined {
  return parseSize(v.replace(/^(\s*[\d.]+\s*)([kmgt])b?\s*$/i, '$1$2iB'), 'b');
}

/** Reads processors, memory and swap from the [wsl2] section of a .wslconfig (an INI file; `#` comments). */
export function parseWslConfig(text: string): Parsed<WslResources> {
  return safeParse(() => {
    const out: WslResources = {};
    let section = '';
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.replace(/\s[#;].*$/, '').trim();
      if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
      const sec = /^\[(.+)\]$/.exec(line);
      if (sec) {
        section = sec[1].trim().toLowerCase();
        continue;
      }
      const kv = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
      if (!kv || section !== 'wsl2') continue;
      const key = kv[1].toLowerCase();
      if (key === 'processors') out.processors = toNumber(kv[2]);
      else if (key === 'memory') out.memoryBytes = wslSize(kv[2]);
      else if (key === 'swap') out.swapBytes = wslSize(kv[2]);
    }
    return ok(out);
  });
}

/**
 * With the WSL 2 engine Docker Desktop's VM is WSL's: its CPUs, memory and swap come from .wslconfig,
 * else WSL's documented defaults (all logical processors, 50% of memory, swap 25% of memory rounded up
 * to a whole GB; learn.microsoft.com/windows/wsl/wsl-config). Replaces the settings file's values in
 * the bag and returns what the reader should be told.
 */
export function applyWslResources(bag: SettingsBag, wsl: WslResources | undefined, host: HostFacts): Why[] {
  const fromFile = (['cpus', 'memoryMiB', 'swapMiB'] as const).filter((k) => bag.source[k] === 'file').map((k) => `${k} ${String(bag.settings[k])}`);
  const cpus = wsl?.processors;
  const mem = wsl?.memoryBytes === undefined ? undefined : Math.round(wsl.memoryBytes / 1024 ** 2);
  const swap = wsl?.swapBytes === undefined ? undefined : Math.round(wsl.swapBytes / 1024 ** 2);
  bag.set('cpus', cpus ?? host.cpus, cpus === undefined ? 'default' : 'file');
  bag.set('memoryMiB', mem ?? Math.round(host.memoryMiB / 2), mem === undefined ? 'default' : 'file');
  bag.set('swapMiB', swap ?? Math.ceil(host.memoryMiB / 4 / 1024) * 1024, swap === undefined ? 'default' : 'file');
  const note = why(wsl ? 'wsl.fromFile' : 'wsl.defaults');
  return fromFile.length ? [note, why('wsl.ignored', { values: fromFile.join(', ') })] : [note];
}
