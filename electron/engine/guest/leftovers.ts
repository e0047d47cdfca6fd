/**
 * What a vmbench that was killed (kill -9, a crash, a closed laptop) left inside a guest, found and removed
 * when the runtime is next used. The transports name what they leave with the owner tag of the vmbench
 * that made it (util/owner.ts): the libvirt transport's private folders (/tmp/vmbench-<tag>-<random>, with
 * the script's pid in `pid`) and the shell-in-VM transport's control files (.vmbench-ctl-<tag>-<random>-<n>.*,
 * the script's process group in `.pgid`), and the command test's uploads of the project into the guest folder
 * (.vmbench-upload-<tag>-<random>, transports/project-upload.ts). A thing whose owner no longer runs on this machine is abandoned:
 * its script is killed (it would disturb this run's numbers) and its files removed. The bench scripts' work
 * folders (.vmbench-<pid>-<random>, see store/leftovers.ts) are judged in the guest: abandoned when that
 * pid no longer runs there, is a zombie, or started at another time than the folder recorded.
 * Files without a tag (an older vmbench's) are left alone. Both snippets are constants; every path reaches
 * them as an argument.
 */
import { posix } from 'node:path';
import type { MsgRef } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { formatBytes } from '../../presentation/format.js';
import { ownerAlive } from '../util/owner.js';

/** Runs a fixed sh snippet in the guest as `sh -c SNIPPET vmbench ARGS...`. */
export type GuestShell = (snippet: string, args: string[]) => Promise<{ exitCode: number | null; stdout: string }>;

/** `gone PATH`: removes PATH and prints `R <KiB> <path>` when it is gone. */
const GONE = 'gone() { kb=$(du -sk -- "$1" 2>/dev/null | cut -f1); rm -rf -- "$1" 2>/dev/null && [ ! -e "$1" ] && printf "R %s %s\\n" "${kb:-0}" "$1"; }';

/**
 * The work-folder pass over the place folders in "$@": removes each .vmbench-<pid>-<random> whose script no
 * longer runs (no such pid, a zombie, or a pid that started at another time than the folder's .vmbench-owner).
 */
const WORK_PASS = [
  'for d in "$@"; do',
  '  for f in "$d"/.vmbench-[0-9]*-*; do',
  '    [ -d "$f" ] && [ ! -L "$f" ] || continue',
  '    n=${f##*/.vmbench-}; pid=${n%%-*}',
  '    case $pid in ""|*[!0-9]*) continue ;; esac',
  '    if [ -r /proc/self/stat ]; then',
  '      st=$(sed "s/.*) //" "/proc/$pid/stat" 2>/dev/null)',
  '      if [ -n "$st" ] && [ "${st%% *}" != Z ]; then',
  '        o=$(cat "$f/.vmbench-owner" 2>/dev/null)',
  '        [ -z "$o" ] && continue',
  '        [ "$o" = "$(printf "%s\\n" "$st" | cut -d" " -f20)" ] && continue',
  '      fi',
  '    else',
  '      kill -0 "$pid" 2>/dev/null && continue',
  '    fi',
  '    gone "$f"',
  '  done',
  'done',
];

/**
 * Makes the guest folder, lists the engine's own things and removes abandoned work folders. Args: MKDIR
 * PRIVATE_PARENT CTL_DIR PLACE_DIR... (the first three may be empty; exit 3 when MKDIR cannot be made). Prints
 * `P <path>` for each PRIVATE_PARENT/vmbench-* folder, `C <path>` for each CTL_DIR/.vmbench-ctl-*.pgid, `U <path>` for
 * each PLACE_DIR/.vmbench-upload-* folder, and `R <KiB> <path>` for each work folder removed. One call: the shell-in-VM
 * transport's prepare makes no other.
 */
export const LIST_SNIPPET = [
  GONE,
  '[ -z "$1" ] || mkdir -p -- "$1" || exit 3',
  'if [ -n "$2" ]; then for f in "$2"/vmbench-*; do [ -d "$f" ] && [ ! -L "$f" ] && printf "P %s\\n" "$f"; done; fi',
  'if [ -n "$3" ]; then for f in "$3"/.vmbench-ctl-*.pgid; do [ -f "$f" ] && printf "C %s\\n" "$f"; done; fi',
  'shift 3',
  'for d in "$@"; do for f in "$d"/.vmbench-upload-*; do [ -d "$f" ] && [ ! -L "$f" ] && printf "U %s\\n" "$f"; done; done',
  ...WORK_PASS,
  'exit 0',
].join('\n');

/**
 * Kills and removes what the host found abandoned. Args: N PIDFILE_1..PIDFILE_N PATH... -- PLACE_DIR...: sends
 * KILL to the process group (and the pid) each pid file names, removes each PATH, then passes over the place
 * folders again (the killed scripts' work folders). Prints `R <KiB> <path>` for each thing removed.
 */
export const SWEEP_SNIPPET = [
  GONE,
  'n=$1; shift; k=0',
  'while [ "$n" -gt 0 ]; do',
  '  p=; read -r p w 2>/dev/null <"$1"; p=${p#-}',
  '  case $p in ""|*[!0-9]*|0|1) ;; *) kill -KILL -$p 2>/dev/null; kill -KILL $p 2>/dev/null; k=1 ;; esac',
  '  shift; n=$((n - 1))',
  'done',
  '[ "$k" = 1 ] && { sleep 1 2>/dev/null || :; }',
  'while [ "$#" -gt 0 ] && [ "$1" != -- ]; do [ -e "$1" ] && gone "$1"; shift; done',
  '[ "$#" -gt 0 ] && shift',
  ...WORK_PASS,
  'exit 0',
].join('\n');

/** The owner tag in a private folder's or a control file's name; undefined for another program's or an older vmbench's. */
export function tagOf(path: string): string | undefined {
  const name = posix.basename(path);
  const m = /^(?:vmbench|\.vmbench-ctl|\.vmbench-upload)-([1-9][0-9]{0,9}\.(?:[0-9a-f]{8}|0))-[0-9a-f]+(?:-[0-9]+\.pgid)?$/.exec(name);
  return m?.[1];
}

/** What a sweep removed in a guest. */
export interface GuestSwept {
  removed: { name: string; bytes: number }[];
}

/** Where a guest sweep looks: see sweepGuest. */
export interface GuestPlaces {
  /** A folder to create first (the shell-in-VM transport's guest folder). */
  mkdir?: string;
  /** The folder holding the libvirt transport's private folders (/tmp). */
  privateParent?: string;
  /** The folder holding the shell-in-VM transport's control files. */
  ctlDir?: string;
  /** The places' folders, with the bench scripts' work folders. */
  placeDirs: string[];
}

/** The arguments of LIST_SNIPPET for these places. */
export function listArgs(where: GuestPlaces): string[] {
  return [where.mkdir ?? '', where.privateParent ?? '', where.ctlDir ?? '', ...where.placeDirs.filter(Boolean)];
}

const removedIn = (out: string): GuestSwept['removed'] =>
  out.split('\n').flatMap((line) => {
    const m = /^R ([0-9]+) (\/.+)$/.exec(line);
    return m ? [{ name: posix.basename(m[2]), bytes: Number(m[1]) * 1024 }] : [];
  });

/**
 * The rest of a sweep, from what LIST_SNIPPET printed: the things whose owner no longer runs here are killed
 * and removed with one more call (none when there are none). `alive` decides whether a tag's owner still runs
 * (ownerAlive; tests pass their own).
 */
export async function sweepListed(
  sh: GuestShell,
  listed: string,
  where: GuestPlaces,
  alive: (tag: string) => Promise<boolean> = (t) => ownerAlive(t),
): Promise<GuestSwept> {
  const removed = removedIn(listed);
  const kill: string[] = [];
  const remove: string[] = [];
  for (const line of listed.split('\n')) {
    const m = /^([PCU]) (\/.+)$/.exec(line);
    const tag = m ? tagOf(m[2]) : undefined;
    if (!m || !tag || (await alive(tag))) continue;
    if (m[1] === 'U') {
      // An upload of the project: files only, no process of its own.
      remove.push(m[2]);
    } else if (m[1] === 'P') {
      kill.push(posix.join(m[2], 'pid'));
      remove.push(m[2]);
    } else {
      const stem = m[2].slice(0, -'.pgid'.length);
      kill.push(m[2]);
      remove.push(`${stem}.sh`, `${stem}.cancel`, m[2]);
    }
  }
  if (kill.length || remove.length)
    removed.push(...removedIn((await sh(SWEEP_SNIPPET, [String(kill.length), ...kill, ...remove, '--', ...where.placeDirs.filter(Boolean)])).stdout));
  return { removed };
}

/**
 * Finds and removes what killed runs left in a guest: the libvirt transport's private folders under
 * `privateParent`, the shell-in-VM transport's control files in `ctlDir`, and the bench scripts' work folders in
 * `placeDirs`. Throws when the guest cannot be asked.
 */
export async function sweepGuest(sh: GuestShell, where: GuestPlaces, alive?: (tag: string) => Promise<boolean>): Promise<GuestSwept> {
  const listed = await sh(LIST_SNIPPET, listArgs(where));
  if (listed.exitCode !== 0) throw new Error(`the guest's listing ended with exit code ${listed.exitCode}`);
  return sweepListed(sh, listed.stdout, where, alive);
}

/** One line for the run log (common catalogue), or null when nothing was removed. `where` names the guest. */
export function guestSweptMessage(s: GuestSwept, where: string | MsgRef): MsgRef | null {
  if (s.removed.length === 0) return null;
  // Units need no translation: the one size format (format.ts), with English digits.
  const size = formatBytes(
    s.removed.reduce((a, r) => a + r.bytes, 0),
    'en',
  );
  return msg(s.removed.length === 1 ? 'log.sweptGuestOne' : 'log.sweptGuest', {
    count: s.removed.length,
    size,
    where,
    names: s.removed.map((r) => r.name).join(', '),
  });
}
