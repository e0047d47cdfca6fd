/**
 * The one reader of a Linux mount table: the text of /proc/mounts (= /proc/self/mounts), as read from a
 * guest through `vagrant ssh -c 'cat /proc/mounts'`, the QEMU guest agent or on this machine. One mount a
 * line, `SOURCE MOUNTPOINT FSTYPE OPTIONS DUMP PASS`, separated by single spaces; the kernel writes a space,
 * tab, newline and backslash inside a field as an octal escape (\040, \011, \012, \134).
 * (The bench scripts' own reader, for guests without Node, is vb_mount_table in bench-scripts/probe.sh.)
 */

/** One mount of a mount table, its fields decoded. */
export interface Mount {
  /** The device, share tag (9p, virtiofs) or pseudo source, e.g. /dev/vda, hostshare, tmpfs. */
  source: string;
  /** Where it is mounted (absolute). */
  path: string;
  fstype: string;
}

/** A field of the mount table with its octal escapes (\040 for a space …) decoded. */
export function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));
}

/** Parses a /proc/mounts text: every line with a source, an absolute mount point and a type, in the table's order. */
export function parseMounts(text: string): Mount[] {
  return text
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 3 && f[1].startsWith('/'))
    .map(([source, path, fstype]) => ({ source: unescapeMountField(source), path: unescapeMountField(path), fstype }));
}

const trimmed = (p: string): string => p.replace(/\/+$/, '') || '/';

/**
 * What is really at a path: the filesystem of the longest mount point that holds it (the one mounted last
 * when several are mounted there, as the kernel shows it), and whether it is a mount point itself (an rsync
 * copy is a folder on the guest's own disk). Undefined when no mount holds it.
 */
export function mountAt(mounts: Mount[], path: string): { fstype: string; mounted: boolean } | undefined {
  const p = trimmed(path);
  const holding = mounts.filter((m) => p === m.path || p.startsWith(m.path === '/' ? '/' : `${m.path}/`));
  const best = holding.reduce<Mount | undefined>((b, m) => (!b || m.path.length >= b.path.length ? m : b), undefined);
  return best ? { fstype: best.fstype, mounted: best.path === p } : undefined;
}
