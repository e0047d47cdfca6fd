/** Reads what detection needs from a Vagrantfile WITHOUT executing it: a regex-level scan of its Ruby text. */
import { applicability, rubyBlocks, type Applicability } from './provider-scope.js';
import { rubyCodeLines } from './ruby-source.js';
import { collectBindings } from './ruby-eval.js';
import { rubyValue, splitTopLevel, statementEnd, type RubyValue } from './ruby-literals.js';
import { byOrder, SizeReader } from './vagrantfile-sizes.js';

/** One synced folder as declared (or implied, for the default "." -> "/vagrant"). */
export interface SyncedFolder {
  hostPath: string;
  guestPath: string;
  /** Normalized mount type (nfs, rsync, smb, vboxsf, vmhgfs, prl_fs, 9p, virtiofs, bind, ...). */
  type: string;
  /** false when the type is the provider's default rather than declared. */
  typeDeclared: boolean;
  disabled: boolean;
  implicit: boolean;
  options: Record<string, RubyValue>;
}

/** What a Vagrantfile says. */
export interface VagrantfileFacts {
  syncedFolders: SyncedFolder[];
  box?: string;
  cpus?: number;
  memoryMiB?: number;
  /** Settings the file gives as an expression that could not be evaluated (ENV, a hash, a method call...): the expression. */
  unevaluated: { cpus?: string; memoryMiB?: string };
  /** Settings whose value is a default the environment replaces (`ENV["CPU"] || 8`): the variables. */
  unlessEnv: { cpus?: string[]; memoryMiB?: string[] };
}

/** The synced folder type each provider uses when none is declared (vagrant-libvirt: nfs, per its README). */
export const DEFAULT_FOLDER_TYPE: Record<string, string> = {
  virtualbox: 'vboxsf',
  vmware_desktop: 'vmhgfs',
  vmware_fusion: 'vmhgfs',
  vmware_workstation: 'vmhgfs',
  parallels: 'prl_fs',
  libvirt: 'nfs',
  docker: 'bind',
  hyperv: 'smb',
  // vagrant-lxc shares folders as bind mounts (lxc.mount.entry ... none bind).
  lxc: 'bind',
};

/** Vagrant's synced folder type names as normalized mount types. */
export function normalizeFolderType(type: string): string {
  const map: Record<string, string> = { virtualbox: 'vboxsf', vmware: 'vmhgfs', parallels: 'prl_fs', docker: 'bind' };
  return map[type] ?? type;
}

/** The full statement starting at a line, its lines joined by spaces. */
function statementFrom(lines: string[], i: number): string {
  const end = statementEnd(lines, i);
  return [lines[i], ...lines.slice(i + 1, end + 1).map((l) => l.trim())].join(' ');
}

/** A statement that applies to the machine, with the key that orders it as Vagrant applies it. */
interface Applied {
  line: number;
  order: number;
}

/** Vagrant's order: top-level statements, then the machine's define block, then `config.*` run inside provider blocks (finalize!), then provider overrides. */
function orderOf(scope: Applicability, insideProvider: boolean): number {
  if (scope.override) return 3;
  if (insideProvider && !scope.providerBlock) return 2;
  return scope.machineScoped ? 1 : 0;
}

/** Scans a Vagrantfile for what applies to machine `machine` on `provider` (no provider: every statement, in file order): synced folders (plus the implicit "." -> "/vagrant"), box, cpus and memory. */
export function parseVagrantfile(text: string, provider?: string, machine?: string): VagrantfileFacts {
  const lines = rubyCodeLines(text.slice(0, 1_000_000));
  const blocks = rubyBlocks(lines);
  const bindings = collectBindings(lines);
  const scopeAt = (i: number, receiver: string): (Applicability & Applied) | undefined => {
    const scope = applicability(blocks, i, receiver, machine, provider);
    if (!scope.applies) return undefined;
    const insideProvider = blocks.some((b) => b.kind === 'provider' && b.start < i && i <= b.end);
    return { ...scope, line: i, order: provider === undefined ? 0 : orderOf(scope, insideProvider) };
  };
  const declared: (SyncedFolder & Applied)[] = [];
  const defaultType = DEFAULT_FOLDER_TYPE[provider ?? ''] ?? 'unknown';
  const sizes = new SizeReader(bindings);
  for (let i = 0; i < lines.length; i++) {
    const sized = /\b(\w+)\.(?:memory|cpus|customize|vmx)\b/.exec(lines[i]);
    if (sized) {
      const scope = scopeAt(i, sized[1]);
      if (scope?.providerBlock) sizes.read(statementFrom(lines, i), provider, scope);
    }
    const sf = /\b(\w+)\.vm\.synced_folder\b/.exec(lines[i]);
    if (!sf) continue;
    const scope = scopeAt(i, sf[1]);
    if (!scope) continue;
    const stmt = statementFrom(lines, i);
    const m = /\b\w+\.vm\.synced_folder(\s*\(|\s+)([\s\S]*)$/.exec(stmt);
    if (!m) continue;
    const body = m[1].includes('(') ? m[2].replace(/\)\s*$/, '') : m[2];
    const args = splitTopLevel(body);
    if (args.length < 2) continue;
    const options: Record<string, RubyValue> = {};
    for (const arg of args.slice(2)) {
      const kv = /^(?::(\w+)\s*=>|(\w+):|["'](\w+)["']\s*=>)\s*([\s\S]*)$/.exec(arg);
      if (kv) options[kv[1] ?? kv[2] ?? kv[3]] = rubyValue(kv[4]);
    }
    // Old Vagrantfiles say `:nfs => true` instead of type: "nfs".
    const type = typeof options.type === 'string' ? options.type : options.nfs === true ? 'nfs' : undefined;
    declared.push({
      hostPath: String(rubyValue(args[0])),
      guestPath: String(rubyValue(args[1])),
      type: type ? normalizeFolderType(type) : defaultType,
      typeDeclared: !!type,
      disabled: options.disabled === true,
      implicit: false,
      options,
      line: scope.line,
      order: scope.order,
    });
  }
  // Vagrant keys folders by guest path: a later declaration for the same path wins; "/vagrant" is added
  // unless declared, or unless some folder already shares "." (finalize! in kernel_v2/config/vm.rb).
  const byGuest = new Map<string, SyncedFolder>();
  for (const { line: _l, order: _o, ...f } of declared.sort(byOrder)) byGuest.set(f.guestPath.replace(/\/+$/, '') || '/', f);
  if (!byGuest.has('/vagrant') && ![...byGuest.values()].some((f) => f.hostPath === '.')) {
    byGuest.set('/vagrant', { hostPath: '.', guestPath: '/vagrant', type: defaultType, typeDeclared: false, disabled: false, implicit: true, options: {} });
  }
  const box = /\b\w+\.vm\.box\s*=\s*(["'])([^"']+)\1/.exec(lines.join('\n'))?.[2];
  return { syncedFolders: [...byGuest.values()], box, ...sizes.result() };
}

/** The mount type that matters for benchmarks: the /vagrant folder's, else the first enabled folder's, else "none". */
export function primaryFolder(folders: SyncedFolder[]): SyncedFolder | undefined {
  return folders.find((f) => f.guestPath.replace(/\/+$/, '') === '/vagrant' && !f.disabled) ?? folders.find((f) => !f.disabled);
}
