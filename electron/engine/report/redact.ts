/**
 * Privacy redaction for everything that leaves the machine (README.md, "Security", what exports redact): home paths,
 * user and host names, IP and MAC addresses, credentials in URLs and remote hosts are replaced by
 * placeholders before any export.
 */
import { isIP } from 'node:net';
import os from 'node:os';
import type { Comparison, Run } from '../../shared/contract.js';

/** Who and where "this machine" is; every field defaults to the live `os` value. */
export interface RedactContext {
  /** Home directories to replace by `~` (default: os.homedir()). */
  home?: string | string[];
  /** User names to replace by `<user>` (default: os.userInfo().username). */
  user?: string | string[];
  /** Host names to replace by `<host>`, short forms included automatically (default: os.hostname()). */
  host?: string | string[];
}

/** Names too common (or too generic) to replace as free words; still replaced in paths and `user@host`. */
const COMMON_NAMES = new Set([
  'root', 'admin', 'administrator', 'user', 'users', 'guest', 'test', 'host', 'local', 'localhost', 'default',
  'docker', 'podman', 'lima', 'colima', 'vagrant', 'ubuntu', 'debian', 'fedora', 'alpine', 'linux', 'darwin',
  'mac', 'macos', 'shared', 'public', 'runner', 'build', 'node', 'app', 'dev', 'native', 'volume', 'bench',
  'vmbench', 'fio', 'iperf', 'iperf3', 'redis', 'nginx', 'wrk', 'qemu', 'kvm', 'libvirt', 'orbstack', 'rancher',
]);
/** Object keys whose value identifies the machine itself; dropped from exports. */
const DROP_KEYS = new Set([
  'hostname', 'computername', 'localhostname', 'machineid', 'serial', 'serialnumber', 'hardwareuuid',
  'platformuuid', 'uuid', 'bootid', 'macaddress', 'username',
]);
/** Keys whose value (and children) are version strings: dotted quads there are versions, not IPs. */
const VERSION_KEY = /version|kernel|^tools$/i;

const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const list = (v: string | string[] | undefined, dflt: () => string): string[] =>
  (v === undefined ? [safe(dflt)] : Array.isArray(v) ? v : [v]).filter((x) => typeof x === 'string' && x.length > 0);
function safe(f: () => string): string {
  try {
    return f();
  } catch {
    return '';
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
/** Object keys whose value is a secret (password, apiKey, access_token, ...), compared without case, `_` and `-`. */
const SECRET_KEY = /(?:token|secret|passw(?:or)?d|credentials?|apikey)$/;
const LOCAL_HOST = /^(?:localhost|127(?:\.\d+){3}|\[::1\]|::1|)$/i;

/** Redacts credentials (user:password@, token@) in URLs and SMB paths, secret parameters, and the host of remote-access URLs, shares and URLs that carried credentials. */
function redactUrls(s: string): string {
  return s
    .replace(SECRET_PARAM, (_m, name: string) => `${name}=<credentials>`)
    .replace(USER_PARAM, (_m, name: string) => `${name}=<user>`)
    .replace(URL_AUTHORITY, (_m, scheme: string, userinfo: string | undefined, host: string) => {
      const hideHost = (userinfo !== undefined || REMOTE_SCHEME.test(scheme)) && !LOCAL_HOST.test(host) && host !== '<host>';
      return `${scheme}://${userinfo !== undefined ? '<credentials>@' : ''}${hideHost ? '<host>' : host}`;
    })
    .replace(UNC, (_m, pre: string, slashes: string, userinfo: string | undefined) => `${pre}${slashes}${userinfo !== undefined ? '<credentials>@' : ''}<host>`);
}

/** Addresses that say nothing about the machine: loopback and unspecified. */
function isNeutralIp(ip: string): boolean {
  const bare = ip.split('%')[0].toLowerCase();
  return bare.startsWith('127.') || bare === '0.0.0.0' || bare === '::1' || bare === '::' || /^0{0,4}(:0{0,4}){1,6}:0{0,3}1$/.test(bare);
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
    .filter((h) => h.length > 1)
    .sort((a, b) => b.length - a.length);
  const users = list(ctx.user, () => os.userInfo().username);
  const hostsFull = list(ctx.host, () => os.hostname());
  const hosts = [...new Set(hostsFull.flatMap((h) => [h, h.split('.')[0]]))].filter(Boolean).sort((a, b) => b.length - a.length);
  const homeRes = homes.map((h) => new RegExp(`(?<![\\w.~-])${esc(h).replace(/\\\\|\//g, '[\\\\/]')}(?![\\w.-])`, /^[A-Za-z]:/.test(h) ? 'gi' : 'g'));
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
      let s = redactUrls(input);
      const learned = new Set<string>();
      for (const re of homeRes) s = s.replace(re, '~');
      s = s.replace(GENERIC_HOME, (_m, prefix: string, name: string, at: number, all: string) => {
        const common = isCommon(name.replace(/\.linux$/, ''));
        if (!common) learned.add(name.replace(/\.linux$/, ''));
        // At the start of a path it is a home folder; deeper (/mnt/host/home/x) only the name goes.
        if (at === 0 || /[^\w.~/-]/.test(all[at - 1])) return '~';
        return common ? prefix + name : `${prefix}<user>`;
      });
      for (const { re, to } of atRes) s = s.replace(re, to);
      s = s.replace(MAC, '<mac>');
      s = s.replace(IPV6_CANDIDATE, (m) => (isIPv6(m) && !isNeutralIp(m) ? '<ip>' : m));
      if (!versionish) s = s.replace(IPV4, (m) => (isNeutralIp(m) ? m : '<ip>'));
      for (const { re, free } of hostRes) if (free) s = s.replace(re, '<host>');
      s = s.replace(MDNS_HOST, '<host>');
      for (const re of userRes.values()) s = s.replace(re, '<user>');
      for (const u of learned) if (!userRes.has(u)) s = s.replace(word(u), '<user>');
      return s;
    },
  };
}

/** Redacts free text (log lines, messages, a command) with the live or a given context. */
export function redactText(s: string, ctx?: RedactContext): string {
  return makeRedactor(ctx).text(s);
}

function redactValue(v: unknown, r: Redactor, versionish: boolean): unknown {
  if (typeof v === 'string') return r.text(v, versionish);
  if (Array.isArray(v)) return v.map((x) => redactValue(x, r, versionish));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const bare = k.toLowerCase().replace(/[_-]/g, '');
      if (DROP_KEYS.has(bare)) continue;
      // Keys are free text too (a setting, tool or parameter name read from a guest or a file).
      const key = r.text(k);
      out[key] = SECRET_KEY.test(bare) && (typeof x === 'string' || typeof x === 'number') ? '<credentials>' : redactValue(x, r, versionish || VERSION_KEY.test(k));
    }
    return out;
  }
  return v;
}

/** A deep copy of a run that is safe to share: identifying strings replaced, identifying keys dropped. */
export function redactRun(run: Run, ctx?: RedactContext): Run {
  return redactValue(run, makeRedactor(ctx), false) as Run;
}

/** A deep copy of a comparison with the same redaction as runs. */
export function redactComparison(cmp: Comparison, ctx?: RedactContext): Comparison {
  return redactValue(cmp, makeRedactor(ctx), false) as Comparison;
}
