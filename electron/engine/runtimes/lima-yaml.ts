import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { parseYamlMap, yamlBool, yamlStrings, type YamlMap } from './support/yaml.js';
import { readOptional } from './support/files.js';
import { getPath, parseSize, toNumber, toText } from './support/values.js';
import type { DetectContext } from './support/types.js';
import { why, whyEn, type Why } from './support/why.js';

/** The performance keys of a lima.yaml, after following its `base:` templates. */
export interface LimaYamlValues {
  vmType?: string;
  mountType?: string;
  arch?: string;
  cpus?: number;
  memoryBytes?: number;
  diskBytes?: number;
  /** `mountTypesUnsupported` of the file and all its bases (Lima concatenates them). */
  mountTypesUnsupported?: string[];
  /** Rosetta for amd64 binaries in a vz VM: `vmOpts.vz.rosetta.enabled` (Lima 2), else `rosetta.enabled`. */
  rosetta?: boolean;
}

/** What reading an instance's lima.yaml found. */
export interface LimaYamlRead {
  values: LimaYamlValues;
  /** Whether the file (or a base) uses `base:`/`minimumLimaVersion:`, which only Lima 1.1+ writes. */
  lima11: boolean;
  /** Base templates that could not be read, each with why ("template://docker: not found in ..."). */
  unread: Why[];
  /** Set when the instance's own lima.yaml could not be read or is not YAML. */
  error?: Why;
}

/** Lima's base chains are short; deeper ones are cycles or mistakes. */
const MAX_DEPTH = 8;

/** LIMA_HOME, else ~/.lima. */
export function limaHome(ctx: DetectContext): string {
  return ctx.env.LIMA_HOME?.trim() || join(ctx.home, '.lima');
}

/**
 * Where limactl looks up `template://NAME` (Lima's templatestore): $LIMA_TEMPLATES_PATH, else
 * $LIMA_HOME/_templates and <prefix>/share/lima/templates beside a limactl on PATH.
 */
export function limaTemplateDirs(ctx: DetectContext): string[] {
  const fromEnv = ctx.env.LIMA_TEMPLATES_PATH?.trim();
  if (fromEnv) return fromEnv.split(delimiter).filter(Boolean);
  const bins = (ctx.env.PATH ?? '').split(delimiter).filter((d) => d && isAbsolute(d));
  return [join(limaHome(ctx), '_templates'), ...bins.map((b) => resolve(b, '..', 'share', 'lima', 'templates'))];
}

function values(y: YamlMap): LimaYamlValues {
  return {
    mountTypesUnsupported: yamlStrings(y, 'mountTypesUnsupported'),
    vmType: toText(y.vmType),
    mountType: toText(y.mountType),
    arch: toText(y.arch),
    cpus: toNumber(y.cpus),
    memoryBytes: parseSize(y.memory),
    diskBytes: parseSize(y.disk),
    rosetta: yamlBool(getPath(y, 'vmOpts.vz.rosetta.enabled') ?? getPath(y, 'rosetta.enabled')),
  };
}

/** Fills the keys `into` lacks from `from` (a base has lower priority than the file naming it). */
function fill(into: LimaYamlValues, from: LimaYamlValues): void {
  for (const [k, v] of Object.entries(from) as [keyof LimaYamlValues, never][]) if (into[k] === undefined && v !== undefined) into[k] = v;
  if (into.mountTypesUnsupported !== from.mountTypesUnsupported && from.mountTypesUnsupported)
    into.mountTypesUnsupported = [...new Set([...(into.mountTypesUnsupported ?? []), ...from.mountTypesUnsupported])];
}

/** A file that is not the YAML it should be, as a thrown reason. */
class YamlUnreadable extends Error {
  constructor(readonly why: Why) {
    super(whyEn(why));
  }
}

/** The file a base locator names, or why it cannot be read. */
async function readBase(ctx: DetectContext, locator: string, from: string, templateDirs: string[]): Promise<{ path: string; text: string } | { why: Why }> {
  if (/^https?:\/\//i.test(locator)) return { why: why('lima.baseUrl', { locator }) };
  const tmpl = /^template:(?:\/\/)?(.+)$/.exec(locator);
  if (tmpl) {
    const name = tmpl[1];
    if (name.includes('..')) return { why: why('lima.baseOutside', { locator }) };
    const file = /\.ya?ml$/.test(name) ? name : `${name}.yaml`;
    for (const dir of templateDirs) {
      const look = await readOptional(ctx, join(dir, file));
      if (look.state === 'ok') return { path: look.path, text: look.text };
      if (look.state === 'error') return { why: why('lima.baseProblem', { locator, why: look.reason }) };
    }
    return { why: templateDirs.length ? why('lima.baseBundled', { locator, dirs: templateDirs.join(', ') }) : why('lima.baseBundledNoDirs', { locator }) };
  }
  const path = locator.startsWith('file://') ? locator.slice('file://'.length) : locator;
  const abs = isAbsolute(path) ? path : resolve(dirname(from), path);
  const look = await readOptional(ctx, abs);
  if (look.state === 'ok') return { path: look.path, text: look.text };
  return { why: why('lima.baseProblem', { locator, why: look.state === 'error' ? look.reason : why('file.missing', { path: abs }) }) };
}

async function follow(ctx: DetectContext, path: string, text: string, templateDirs: string[], seen: Set<string>, out: LimaYamlRead): Promise<LimaYamlValues> {
  const p = parseYamlMap(text);
  if (!p.ok) throw new YamlUnreadable(why('file.badContent', { file: path, error: p.errorRef }));
  const own = values(p.value);
  if (p.value.minimumLimaVersion !== undefined) out.lima11 = true;
  const bases = yamlStrings(p.value, 'base') ?? [];
  if (bases.length) out.lima11 = true;
  for (const locator of bases) {
    if (seen.size >= MAX_DEPTH || seen.has(locator)) {
      out.unread.push(why('lima.baseCircular', { locator, max: MAX_DEPTH }));
      continue;
    }
    const base = await readBase(ctx, locator, path, templateDirs);
    if ('why' in base) {
      out.unread.push(base.why);
      continue;
    }
    try {
      fill(own, await follow(ctx, base.path, base.text, templateDirs, new Set([...seen, locator]), out));
    } catch (err) {
      out.unread.push(why('lima.baseProblem', { locator, why: thrownWhy(err) }));
    }
  }
  return own;
}

/** Reads <instance dir>/lima.yaml, following `base:` (a string or a list; local files and template:// from the template folders). */
export async function readLimaYaml(ctx: DetectContext, path: string): Promise<LimaYamlRead> {
  const out: LimaYamlRead = { values: {}, lima11: false, unread: [] };
  const look = await readOptional(ctx, path);
  if (look.state !== 'ok') return { ...out, error: look.state === 'error' ? look.reason : why('file.missing', { path }) };
  try {
    out.values = await follow(ctx, path, look.text, limaTemplateDirs(ctx), new Set(), out);
  } catch (err) {
    out.error = thrownWhy(err);
  }
  return out;
}

function thrownWhy(err: unknown): Why {
  return err instanceof YamlUnreadable ? err.why : why('said', { said: err instanceof Error ? err.message : String(err) });
}
