/**
 * Privacy redaction for everything that leaves the machine (README.md, "Security", what exports redact): home paths,
 * user and host names, IP and MAC addresses, credentials in URLs and remote hosts are replaced by
 * placeholders before any export.
 */
import { isIP } from 'node:net';
import os from 'node:os';
import type { Comparison, Run } from '../../contract/contract.js';

/** Who and where "this machine" is; every field defaults to the live `os` value. */
export interface RedactContext {
  /** Home directories to replace by `~` (default: os.homedir()). */
  home?: string | string[];
  /** User names to replace by `<user>` (default: os.userInfo().username). */
  user?: string | string[];
  /** Host names to replace by `<host>`, short forms included automatically (default: os.hostname()). */
  host?: string | string[];
  /** Test and data folders to replace by `<work>` (redactRun/redactComparison add the ones the run itself used). */
  dirs?: string[];
  /** Project folders of the user's own command to replace by `<project>`, wherever they appear (the command's text included); redactRun adds the run's own. */
  projects?: string[];
}

/** Names too common (or too generic) to replace as free words; still replaced in paths and `user@host`. */
const COMMON_NAMES = new Set([
  'root',
  'admin',
  'administrator',
  'user',
  'users',
  'guest',
  'test',
  'host',
  'local',
  'localhost',
  'default',
  'docker',
  'podman',
  'lima',
  'colima',
  'vagrant',
  'ubuntu',
  'debian',
  'fedora',
  'alpine',
  'linux',
  'darwin',
  'mac',
  'macos',
  'shared',
  'public',
  'runner',
  'build',
  'node',
  'app',
  'dev',
  'native',
  'volume',
  'bench',
  'vmbench',
  'fio',
  'iperf',
  'iperf3',
  'redis',
  'nginx',
  'wrk',
  'qemu',
  'kvm',
  'libvirt',
  'orbstack',
  'rancher',
]);
/** Object keys whose value identifies the machine itself; dropped from exports. */
const DROP_KEYS = new Set([
  'hostname',
  'computername',
  'localhostname',
  'machineid',
  'serial',
  'serialnumber',
  'hardwareuuid',
  'platformuuid',
  'uuid',
  'bootid',
  'macaddress',
  'username',
]);
/** Keys whose value (and children) are version strings: dotted quads there are versions, not IPs. */
const VERSION_KEY = /version|kernel|^tools$/i;

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const list = (v: string | string[] | undefined, dflt: () => string): string[] =>
  (v === undefined ? [safe(dflt)] : Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string' && x.length > 0);
function safe(f: () => string): string | undefined {
  try {
    return f();
  } catch {
    // No name (os.userInfo() throws for a user without a passwd entry): list() drops it.
  }
}

/** A word boundary for names: not inside a longer alphanumeric run nor inside a `<placeholder>`. */
const word = (name: string): RegExp => new RegExp(`(?<![A-Za-z0-9<])${esc(name)}(?![A-Za-z0-9>])`, 'gi');
const isCommon = (name: string): boolean => name.length < 3 || COMMON_NAMES.has(name.toLowerCase());

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`(?<![\\w.])${OCTET}(?:\\.${OCTET}){3}(?![\\w]|\\.\\d)`, 'g');
const IPV6_CANDIDATE = /(?<![\w:.])(?:[0-9A-Fa-f]{0,4}:){2,8}(?:(?:\d{1,3}\.){3}\d{1,3}|[0-9A-Fa-f]{1,4})?(?:%[\w.]+)?(?![\w:]|\.\d)/g;
const MAC = /(?<![\w:.-])(?:[0-9A-Fa-f]{2}([:-])(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}|[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4}\.[0-9A-Fa-f]{4})(?![\w:.-])/g;
/** Home folders of any user: /Users/x, /home/x, C:\Users\x (prefix and x are captured). */
const GENERIC_HOME = /(\/Users\/|\/home\/|\b[A-Za-z]:[\\/][Uu]sers[\\/])(?!Shared\b|Public\b)([^\\/\s"'`:;,|<>()[\]{}]+)/g;
/** mDNS/Bonjour host names (e.g. "alices-mbp.local"). */
const MDNS_HOST = /(?<![\w.-])(?!localhost\.)[A-Za-z0-9][\w-]*\.local(?![\w.-])/gi;

/** scheme://[userinfo@]host: the userinfo (credentials) and, for remote-access schemes or with credentials, the host. */
const URL_AUTHORITY = /\b([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/\s"'`<>@]*@)?(\[[0-9A-Fa-f:.%\w]+\]|[^/\s"'`<>:?#\\]*)/g;
/** Schemes that name a remote machine to log in to or control (docker contexts, libvirt URIs, ssh). */
const REMOTE_SCHEME = /^(?:tcp|ssh|sftp|scp|rsync|smb|cifs|nfs|afp|ftp|ftps|telnet|vnc|rdp|spice)$|\+(?:ssh|tcp|tls|libssh2?)$/i;
/** UNC and //[user[:password]@]host/share paths (SMB/CIFS) at the start of a word: the credentials and the server name go. */
const UNC = /(^|[\s"'`=(,[])(\/\/|\\\\)(?:([^\s/\\"'`<>]*)@)?(<host>|[A-Za-z0-9][\w.-]*)(?=[/\\])/g;
/** Parameter names whose value is a secret: mount options (password=, credentials=), query parameters (?token=, &access_token=), flags (--api-key=). */
const SECRET_NAME = '(?:[A-Za-z0-9]+[_-])*(?:token|secret|password|passwd|pass|credentials?|cred|api[_-]?key|apikey|signature|sig)';
/** name=value with a secret name, anywhere in a text: the value (up to a comma, space, &, #, ; or quote) goes. */
const SECRET_PARAM = new RegExp(`(?<![A-Za-z0-9])(${SECRET_NAME})=(?!<credentials>)[^\\s,&#;"'\`<>)\\]}]+`, 'gi');
/** user=/username= options (mount.cifs, sshfs): the value names a user. */
const USER_PARAM = /(?<![A-Za-z0-9])(user(?:name)?)=(?!<user>)[^\s,&#;"'`<>)\]}]+/gi;
/** Object keys whose value is a secret (password, apiKey, access_token, private_key, ...), compared without case, `_` and `-`: the value goes whatever it holds. */
const SECRET_KEY =
  /(?:token|secret|passw(?:or)?d|passphrase|credentials?|apikey|accesskey|secretkey|privatekey|privatekeyid|accountkey|sharedaccesskey|sharedaccesssignature|connectionstring|authorization)$/;
/** Words of an object key that say its value names a host (remoteHost, docker_host, server, endpoint, registry, proxy, url): fully qualified names there go too. */
const HOST_WORDS = new Set(['host', 'hosts', 'server', 'servers', 'remote', 'endpoint', 'endpoints', 'registry', 'proxy', 'address', 'addr', 'url', 'uri']);
const namesHost = (key: string): boolean =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]/) // a run of separators gives empty words, which name no host
    .some((w) => HOST_WORDS.has(w));
/** A fully qualified host name (two labels or more, not after a lone `/` of a path); a file name (docker.sock, colima.yaml) is not one. */
const FQDN =
  /(?<![\w.@-])(?<![^/]\/)(?<!^\/)(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?!(?:sock|socket|ya?ml|json|conf|toml|ini|img|iso|qcow2|raw|sh|txt|log|lock|pid)(?![\w-]))[A-Za-z][A-Za-z0-9-]*[A-Za-z](?![\w-])/g;
/** Generic names every machine has (Docker's and Lima's names for the host): not identifying. */
const GENERIC_HOST = /^(?:localhost|(?:host|gateway)\.(?:docker|lima|containers)\.internal|.*\.localhost)$/i;
const LOCAL_HOST = /^(?:localhost|127(?:\.\d+){3}|\[::1\]|::1|)$/i;

/** The token of a Bearer/Basic scheme without the header name counts only when it looks like one (12+ characters with a digit, `=`, `.`, `/`, `+`, `_` or `-`). */
const tokenish = (t: string): boolean => t.length >= 12 && /[\d=./+_-]/.test(t);

/**
 * Every credential form an export must not show, in one table used by every export and card
 * (Markdown, CSV and JSON of runs and comparisons, the share card and the before/after card all go
 * through Redactor.text). Whole blocks first, then labelled values, then bare tokens, then the
 * hosts of URLs and shares. A label is kept; its value becomes a placeholder.
 */
export const CREDENTIAL_PATTERNS: readonly { what: string; re: RegExp; to: string | ((...m: string[]) => string) }[] = [
  {
    what: 'PEM private key block (also inside a JSON string)',
    re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY-----|$)/g,
    to: '<private key>',
  },
  {
    what: 'GCP service-account key material ("private_key", "private_key_id")',
    re: /("private_key(?:_id)?"\s*:\s*")(?:[^"\\]|\\.)*"/g,
    to: '$1<credentials>"',
  },
  {
    what: 'Authorization / Proxy-Authorization header (Bearer, Basic, Token, ...)',
    re: /\b((?:Proxy-)?Authorization["']?\s*[:=]\s*["']?)(?:(Bearer|Basic|Token|Negotiate|NTLM|Digest|AWS4-HMAC-SHA256)\s+)?(?!<credentials>)[^\s"'<>,;]+/gi,
    to: (_m, label: string, scheme: string | undefined) => `${label}${scheme ? `${scheme} ` : ''}<credentials>`,
  },
  {
    what: 'Bearer or Basic token without the header name',
    re: /\b(Bearer|Basic)\s+(?!<credentials>)([A-Za-z0-9\-._~+/]+=*)/gi,
    to: (m: string, scheme: string, tok: string) => (tokenish(tok) ? `${scheme} <credentials>` : m),
  },
  { what: 'JWT (three base64url parts)', re: /(?<![\w-])eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*(?![\w-])/g, to: '<credentials>' },
  { what: 'AWS access key id (AKIA/ASIA + 16)', re: /(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g, to: '<credentials>' },
  {
    what: 'AWS secret access key, labelled (ini, environment, JSON)',
    re: /\b((?:aws_?)?secret_?access_?key|aws_?secret(?:_?key)?)(["']?\s*[:=]\s*["']?)(?!<credentials>)[A-Za-z0-9/+]{16,}={0,2}/gi,
    to: '$1$2<credentials>',
  },
  {
    what: 'Azure connection string key or signature',
    re: /\b(AccountKey|SharedAccessKey|SharedAccessSignature)=(?!<credentials>)[^;\s"'<>]+/gi,
    to: '$1=<credentials>',
  },
  { what: 'name=value with a secret name (password=, ?token=, --api-key=)', re: SECRET_PARAM, to: '$1=<credentials>' },
  { what: 'user=/username= option', re: USER_PARAM, to: '$1=<user>' },
  {
    what: 'URL credentials, and the host of remote-access URLs (smb://, cifs://, ssh://, tcp://) and of URLs that carried credentials',
    re: URL_AUTHORITY,
    to: (_m, scheme: string, userinfo: string | undefined, host: string) => {
      const hideHost = (userinfo !== undefined || REMOTE_SCHEME.test(scheme)) && !LOCAL_HOST.test(host);
      return `${scheme}://${userinfo !== undefined ? '<credentials>@' : ''}${hideHost ? '<host>' : host}`;
    },
  },
  {
    what: 'UNC and //server/share paths: credentials and server',
    re: UNC,
    to: (_m, pre: string, slashes: string, userinfo: string | undefined) => `${pre}${slashes}${userinfo !== undefined ? '<credentials>@' : ''}<host>`,
  },
];

/** A path character (no space, quote, separator of a command line or list). */
const PC = '[^\\s"\'`;,|<>()=:]';
/**
 * Host paths an export must not show, in one table: the test folders a run wrote to (a folder holding the bench
 * scripts' work directories `.vmbench-PID-RANDOM`, fio's --directory/--filename, a script's --dir, the host side
 * of a docker bind mount) → `<work>`, and container storage on the host (Docker's and Podman's overlay layers,
 * containers' folders, containerd's rootfs, kubelet's pod volumes) → `<container-path>`. A placeholder is kept.
 * Each `learn` group also names a folder that is replaced wherever else it appears in the same run.
 */
export const PATH_PATTERNS: readonly { what: string; re: RegExp; to: string; learn?: boolean }[] = [
  {
    what: 'container storage on the host: /var/lib/docker/{overlay2,containers,volumes,…}/ID…, /var/lib/containers/storage/…, containerd task rootfs, kubelet pods, any …/overlay2/<layer id>…',
    re: new RegExp(
      `(?<![\\w.~/-])(?:(?:/${PC}*?)?/(?:var/lib/docker|var/lib/containers/storage|var/lib/containerd|run/containerd|var/lib/kubelet/pods|run/docker)(?![\\w.-])|(?:/${PC}*?)?/overlay2?/[0-9A-Za-z]{20,}(?![\\w.-]))(?:/${PC}*)?`,
      'g',
    ),
    to: '<container-path>',
  },
  {
    what: "a folder holding the bench scripts' work directories (DIR/.vmbench-PID-RANDOM)",
    re: new RegExp(`(?<![\\w.~<>/-])(/${PC}*?)(?=/\\.vmbench-\\d+-\\d+)`, 'g'),
    to: '<work>',
    learn: true,
  },
  { what: "fio's --directory= and a script's --dir", re: new RegExp(`(?<=--dir(?:ectory)?[= ])(/${PC}*)`, 'g'), to: '<work>', learn: true },
  {
    what: "the folder of fio's --filename=",
    re: new RegExp(`(?<=--filename=)(/${PC}*?)(?=/[^/\\s"'\`;,|<>()=:]+(?![^\\s"'\`;,|<>()=:]))`, 'g'),
    to: '<work>',
    learn: true,
  },
  {
    what: 'the host side of a docker bind mount (-v /host:/guest, --mount source=/host)',
    re: new RegExp(`(?<=(?:^|\\s)(?:-v|--volume)[= ]|[\\s,](?:source|src)=)(/${PC}*)(?=[:,\\s]|$)`, 'g'),
    to: '<work>',
    learn: true,
  },
];

/** Folders the strings of a run or comparison name as its test folders (the `learn` patterns of PATH_PATTERNS); makeRedactor trims a trailing `/` and drops `/` alone. */
export function workDirsOf(value: unknown): string[] {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      for (const p of PATH_PATTERNS) if (p.learn) for (const m of v.matchAll(p.re)) found.add(m[1]);
    } else if (v !== null && typeof v === 'object') Object.values(v).forEach(walk); // an array's values are its items
  };
  walk(value);
  return [...found];
}

/** Applies CREDENTIAL_PATTERNS in order. */
function redactCredentials(s: string): string {
  for (const { re, to } of CREDENTIAL_PATTERNS) s = s.replace(re, to as (...m: string[]) => string);
  return s;
}

/** Fully qualified host names in a value that names a host. */
function redactHostNames(s: string): string {
  return s.replace(FQDN, (h) => (GENERIC_HOST.test(h) ? h : '<host>'));
}

/** Addresses that say nothing about the machine: loopback and unspecified (::1 in every spelling: the pattern). */
function isNeutralIp(ip: string): boolean {
  const bare = ip.split('%')[0];
  return bare.startsWith('127.') || bare === '0.0.0.0' || bare === '::' || /^0{0,4}(:0{0,4}){1,6}:0{0,3}1$/.test(bare);
}

function isIPv6(s: string): boolean {
  return isIP(s.split('%')[0]) === 6;
}

/** A compiled redactor for one context; reuse it for many strings. */
export interface Redactor {
  /** Redacts a string; `versionish` keeps dotted quads (version strings) as they are. */
  text(s: string, versionish?: boolean): string;
}

/** Compiles the patterns of a context once. */
export function makeRedactor(ctx: RedactContext = {}): Redactor {
  const homes = list(ctx.home, () => os.homedir())
    .map((h) => h.replace(/[\\/]+$/, ''))
    .filter((h) => h !== '') // `/` alone (root's home in a container)
    .sort((a, b) => b.length - a.length);
  const users = list(ctx.user, () => os.userInfo().username);
  const hostsFull = list(ctx.host, () => os.hostname());
  // Stryker disable next-line MethodExpression: a host name never starts with a dot, so its short form is never empty.
  const names = [...new Set(hostsFull.flatMap((h) => [h, h.split('.')[0]]))].filter(Boolean);
  const hosts = names.sort((a, b) => b.length - a.length);
  // Stryker disable next-line Regex: a drive letter and colon occur only at the start of a home folder (no Unix home has a colon).
  const homeRes = homes.map((h) => new RegExp(`(?<![\\w.~-])${esc(h).replace(/\\\\|\//g, '[\\\\/]')}(?![\\w.-])`, /^[A-Za-z]:/.test(h) ? 'gi' : 'g'));
  // The test folders become <work>. One under a home folder is shown as ~/…, as everywhere else: the home
  // folders are replaced first (text() below), so its path is no longer there to match.
  // Stryker disable next-line ArrayDeclaration: a made-up folder in place of none changes only a text that contains it.
  const dirRes = [...new Set(ctx.dirs ?? [])]
    .map((d) => d.replace(/[\\/]+$/, ''))
    .filter((d) => d.length > 1)
    .sort((a, b) => b.length - a.length)
    .map((d) => new RegExp(`(?<![\\w.~<-])${esc(d)}(?![\\w.-])`, 'g'));
  // A project folder goes whole (under a home folder too, where it would otherwise read ~/code/app), also written as ~/… .
  // Stryker disable next-line ArrayDeclaration: as dirRes.
  const projectRes = [...new Set(ctx.projects ?? [])]
    .map((d) => d.replace(/[\\/]+$/, ''))
    .filter((d) => d.length > 1 && !d.includes('<'))
    .flatMap((d) => {
      const home = homes.find((h) => d.startsWith(`${h}/`));
      return home ? [d, `~${d.slice(home.length)}`] : [d];
    })
    .sort((a, b) => b.length - a.length)
    .map((d) => new RegExp(`(?<![\\w.~<-])${esc(d)}(?![\\w.-])`, 'g'));
  const hostRes = hosts.map((h) => ({ re: word(h), free: !isCommon(h) || h.includes('.') }));
  const fixedUsers = users.filter((u) => !isCommon(u));
  const userRes = new Map(fixedUsers.map((u) => [u, word(u)]));
  // user@host, written by ssh, scp and friends: replace even short or common names there.
  const atRes = [...users, ...hosts].flatMap((n) => [
    { re: new RegExp(`(?<![A-Za-z0-9<])${esc(n)}@`, 'gi'), to: users.includes(n) ? '<user>@' : '<host>@' },
    { re: new RegExp(`@${esc(n)}(?![A-Za-z0-9>-])`, 'gi'), to: '@<host>' },
  ]);

  return {
    text(input: string, versionish = false): string {
      let s = redactCredentials(input);
      const learned = new Set<string>();
      for (const re of projectRes) s = s.replace(re, '<project>');
      for (const re of homeRes) s = s.replace(re, '~');
      s = s.replace(GENERIC_HOME, (_m, prefix: string, name: string, at: number, all: string) => {
        // Stryker disable next-line Regex: Lima puts .linux at the end of the name; a name with .linux inside it does not occur.
        const common = isCommon(name.replace(/\.linux$/, ''));
        if (!common) learned.add(name.replace(/\.linux$/, ''));
        // At the start of a path it is a home folder; deeper (/mnt/host/home/x) only the name goes.
        if (at === 0 || /[^\w.~/-]/.test(all[at - 1])) return '~';
        return common ? prefix + name : `${prefix}<user>`;
      });
      for (const re of dirRes) s = s.replace(re, '<work>');
      for (const { re, to } of PATH_PATTERNS) s = s.replace(re, to);
      for (const { re, to } of atRes) s = s.replace(re, to);
      s = s.replace(MAC, '<mac>');
      s = s.replace(IPV6_CANDIDATE, (m) => (isIPv6(m) && !isNeutralIp(m) ? '<ip>' : m));
      if (!versionish) s = s.replace(IPV4, (m) => (isNeutralIp(m) ? m : '<ip>'));
      for (const { re, free } of hostRes) if (free) s = s.replace(re, '<host>');
      s = s.replace(MDNS_HOST, '<host>');
      for (const re of userRes.values()) s = s.replace(re, '<user>');
      for (const u of learned) s = s.replace(word(u), '<user>');
      return s;
    },
  };
}

/** Redacts free text (log lines, messages, a command) with the live or a given context. */
export function redactText(s: string, ctx?: RedactContext): string {
  return makeRedactor(ctx).text(s);
}

/** A secret by its name: every value but a flag or nothing becomes a placeholder. */
const secretValue = (x: unknown): unknown => (x === null || x === undefined || typeof x === 'boolean' ? x : '<credentials>');
const bareKey = (k: string): string => k.toLowerCase().replace(/[_-]/g, '');

function redactValue(v: unknown, r: Redactor, versionish: boolean, hostish = false): unknown {
  if (typeof v === 'string') {
    const s = r.text(v, versionish);
    return hostish ? redactHostNames(s) : s;
  }
  if (Array.isArray(v)) return v.map((x) => redactValue(x, r, versionish, hostish));
  if (v !== null && typeof v === 'object') {
    const obj = v as Record<string, unknown>;
    // A comparison's setting change ({setting, a, b}): the setting's name says what a and b are.
    const named = typeof obj.setting === 'string' && 'a' in obj && 'b' in obj ? obj.setting : undefined;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(obj)) {
      const bare = bareKey(k);
      if (DROP_KEYS.has(bare)) continue;
      // Keys are free text too (a setting, tool or parameter name read from a guest or a file).
      const key = r.text(k);
      const side = named !== undefined && (k === 'a' || k === 'b');
      if (SECRET_KEY.test(bare) || (side && SECRET_KEY.test(bareKey(named)))) out[key] = secretValue(x);
      else out[key] = redactValue(x, r, versionish || VERSION_KEY.test(k), hostish || namesHost(k) || (side && namesHost(named)));
    }
    return out;
  }
  return v;
}

/** A deep copy of a run that is safe to share: identifying strings replaced, identifying keys dropped. */
export function redactRun(run: Run, ctx?: RedactContext): Run {
  return redactValue(run, makeRedactor(withDirsOf(run, ctx)), false) as Run;
}

/** A deep copy of a comparison with the same redaction as runs. */
export function redactComparison(cmp: Comparison, ctx?: RedactContext): Comparison {
  return redactValue(cmp, makeRedactor(withDirsOf(cmp, ctx)), false) as Comparison;
}

/** The context with the test folders the run (or comparison) itself used, and a command run's project folder. */
function withDirsOf(value: unknown, ctx: RedactContext = {}): RedactContext {
  const project = (value as Partial<Run>).command?.project;
  // Stryker disable next-line ArrayDeclaration: a made-up project folder in place of none changes only a text that contains it.
  return { ...ctx, dirs: [...(ctx.dirs ?? []), ...workDirsOf(value)], projects: [...(ctx.projects ?? []), ...(typeof project === 'string' ? [project] : [])] };
}

/** The project folders of runs that timed the user's own command (a comparison's exports and card redact both runs'). */
export function projectsOf(...runs: readonly Pick<Run, 'command'>[]): string[] {
  return runs.flatMap((r) => (r.command?.project ? [r.command.project] : []));
}
