/**
 * The fixed sh snippets the libvirt transport runs in a guest through guest-exec
 * (`/bin/sh -c SNIPPET NAME ARG...`). They are constants: every path, pid and argument reaches
 * them as a positional parameter ("$1", "$@"), never spliced into the text.
 */

/**
 * Starts a bench script in a session of its own with stdout/stderr to files, its pid (= its
 * process group) in a pid file. Args: OUT ERR PIDFILE SCRIPT [SCRIPT ARGS...].
 * Without a setsid that can wait (-w), the script runs in the agent's group and is stopped by pid.
 */
export const START_SNIPPET = [
  'o=$1 e=$2 p=$3',
  'shift 3',
  'if setsid -w true </dev/null >/dev/null 2>&1; then',
  `  exec setsid -w /bin/sh -c 'echo $$ >"$1"; shift; exec /bin/sh "$@"' vmbench-run "$p" "$@" </dev/null >"$o" 2>"$e"`,
  'fi',
  'echo $$ >"$p"',
  'exec /bin/sh "$@" </dev/null >"$o" 2>"$e"',
].join('\n');

/**
 * Sends a signal to a started script: to its process group when it leads one, else to its pid.
 * Args: PIDFILE SIGNAL FALLBACK_PID (used while the pid file is not written yet) [group: never by pid].
 */
export const KILL_SNIPPET = [
  'p=$(cat "$1" 2>/dev/null)',
  'case $p in ""|*[!0-9]*) p=$3 ;; esac',
  'case $p in ""|*[!0-9]*|0|1) exit 0 ;; esac',
  'kill -s "$2" -- "-$p" 2>/dev/null && exit 0',
  '[ "$4" = group ] || kill -s "$2" "$p" 2>/dev/null',
  'exit 0',
].join('\n');

/**
 * Prepares a run: creates its private folder (mode 0700: the agent creates files world-writable,
 * and the script runs as root), creates the test folder if asked, and lists the work directories
 * already in it. Args: PRIVATE_DIR MKDIR_OR_EMPTY LIST_DIR_OR_EMPTY.
 */
export const PREPARE_SNIPPET = [
  'umask 077',
  'mkdir -- "$1" || exit 1',
  '[ -z "$2" ] || mkdir -p -- "$2" || exit 1',
  '[ -n "$3" ] || exit 0',
  'for f in "$3"/.vmbench-*; do',
  '  [ -e "$f" ] && printf "%s\\n" "${f##*/}"',
  'done',
  'exit 0',
].join('\n');

/** Prints the names of the bench scripts' work directories (.vmbench-*) in a folder, one a line. Args: DIR. */
export const LIST_WORK_SNIPPET = ['for f in "$1"/.vmbench-*; do', '  [ -e "$f" ] && printf "%s\\n" "${f##*/}"', 'done', 'exit 0'].join('\n');

/** The name $0 of every snippet (shown by ps in the guest). */
export const SNIPPET_NAME = 'vmbench';

/** Whether a name listed by LIST_WORK_SNIPPET is a work directory the scripts create. */
export function isWorkDirName(name: string): boolean {
  return /^\.vmbench-[A-Za-z0-9._-]+$/.test(name);
}
