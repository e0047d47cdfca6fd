/**
 * The two small fixed sh programs the shell transport runs in the guest (POSIX sh: dash, BusyBox
 * ash, bash). Closing the local CLI does not stop a command in the VM (ssh without a tty sends it
 * no signal), so the wrapper records what to signal and a second CLI call (the control script)
 * signals it.
 *
 * The wrapper arrives on stdin of `sh -s -- CTL ARGS...` with the bench script inside it as a
 * quoted here-document: BusyBox ash reads stdin ahead in blocks, so a child could not be handed the
 * rest of stdin; a here-document is read by the shell itself. CTL is this run's control prefix
 * (GUEST_DIR/.vmbench-ctl-SESSION-N): the script is stored at CTL.sh, started with setsid (its own
 * session and process group; the plain PID where setsid is missing) and `-PGID` (or PID) written to
 * CTL.pgid, followed by the wrapper's own PID; CTL.cancel, made by a cancel that came before the script started, stops it at once.
 * A signal to the group falls back to the PID: just after the fork, setsid() may not have run yet.
 * `kill -TERM -PGID` is written without `--`: dash and BusyBox ash reject `kill -TERM -- -PGID`.
 */

/** The line that ends the here-document holding the bench script. */
export const SCRIPT_END = 'VMBENCH_END_OF_SCRIPT_0f3a9c';

const WRAPPER_HEAD = `# vmbench shell-in-vm wrapper: $1 = this run's control prefix, the rest = the script's arguments
vb_c=$1; shift
mkdir -p "\${vb_c%/*}" 2>/dev/null
if [ -e "$vb_c.cancel" ]; then rm -f "$vb_c".*; exit 130; fi
vb_bad=''
cat >"$vb_c.sh" <<'${SCRIPT_END}' || vb_bad=1
`;

const WRAPPER_TAIL = `${SCRIPT_END}
if [ -n "$vb_bad" ]; then
  printf '%s\\n' '{"event":"error","code":"bad-dir","message":"cannot store the bench script in the guest folder (missing, read-only or full)"}' '{"event":"end"}'
  rm -f "$vb_c".*; exit 2
fi
if [ -e "$vb_c.cancel" ]; then rm -f "$vb_c".*; exit 130; fi
if command -v setsid >/dev/null 2>&1; then setsid sh "$vb_c.sh" "$@" & vb_t=-$!; else sh "$vb_c.sh" "$@" & vb_t=$!; fi
vb_p=$!
echo "$vb_t $$" >"$vb_c.pgid"
if [ -e "$vb_c.cancel" ]; then kill -TERM "$vb_t" 2>/dev/null || kill -TERM "$vb_p" 2>/dev/null; fi
wait "$vb_p"; vb_rc=$?
rm -f "$vb_c".*
exit "$vb_rc"
`;

/** The text for stdin of `sh -s -- CTL ARGS...`: the wrapper with the bench script inside. */
export function wrapScript(source: string): string {
  if (source.split('\n').some((line) => line.replace(/\r$/, '') === SCRIPT_END)) {
    throw new Error(`the bench script contains the line ${SCRIPT_END}, which ends the wrapper's here-document`);
  }
  return `${WRAPPER_HEAD}${source}${source.endsWith('\n') ? '' : '\n'}${WRAPPER_TAIL}`;
}

/**
 * Run by `sh -c CONTROL_SCRIPT sh MODE STEM DIR...`. MODE `stop` first leaves STEM.cancel for a
 * wrapper that has not started the script yet (the wrapper removes it). Then, for every CTL.pgid
 * under STEM (STEM.pgid for one run, STEM-*.pgid for a whole session):
 * - a script the wrapper forked that has not yet become `sh CTL.sh` (still a copy of the wrapper)
 *   gets up to 2 s to do so;
 * - if it runs CTL.sh: TERM to the group (the script's trap removes its files), up to 5 s for it
 *   to go, KILL;
 * - up to 5 s for the wrapper (its PID is the second word of CTL.pgid, still running
 *   `sh -s -- CTL ...`) to end its own clean-up, so that nothing of the run runs on once the
 *   call has returned;
 * - it removes the script's leftovers (DIR/.vmbench-PID-*, PID = the script's $$) and the run's
 *   control files, CTL.cancel too (a wrapper that wrote CTL.pgid has passed its cancel checks).
 * MODE `final` then removes every file under STEM.
 */
export const CONTROL_SCRIPT = `m=$1; s=$2; shift 2
if [ "$m" = stop ]; then : >"$s.cancel"; fi 2>/dev/null
for f in "$s".pgid "$s"-*.pgid; do
  [ -f "$f" ] || continue
  t=''; w=''; read -r t w 2>/dev/null <"$f"; p=\${t#-}
  case $p in ''|*[!0-9]*) continue ;; esac
  i=0
  while tr '\\000' '\\n' <"/proc/$p/cmdline" 2>/dev/null | grep -Fqx -- "\${f%.pgid}" && [ "$i" -lt 20 ]; do sleep 0.1 2>/dev/null || sleep 1; i=$((i + 1)); done
  if tr '\\000' '\\n' <"/proc/$p/cmdline" 2>/dev/null | grep -Fqx -- "\${f%.pgid}.sh"; then
    { kill -TERM "$t" || kill -TERM "$p"; } 2>/dev/null && echo "vmbench: stopping the bench script in the guest (process group $p)" >&2
    i=0
    while { kill -0 "$t" || kill -0 "$p"; } 2>/dev/null && [ "$i" -lt 50 ]; do sleep 0.1 2>/dev/null || sleep 1; i=$((i + 1)); done
    { kill -KILL "$t" || kill -KILL "$p"; } 2>/dev/null
  fi
  case $w in ''|*[!0-9]*) ;; *)
    i=0
    while tr '\\000' '\\n' <"/proc/$w/cmdline" 2>/dev/null | grep -Fqx -- "\${f%.pgid}" && [ "$i" -lt 50 ]; do sleep 0.1 2>/dev/null || sleep 1; i=$((i + 1)); done ;;
  esac
  for d in "$@"; do [ -n "$d" ] && rm -rf "$d"/.vmbench-"$p"-*; done
  rm -f "$f" "\${f%.pgid}.sh" "\${f%.pgid}.cancel"
done
if [ "$m" = final ]; then rm -f "$s".* "$s"-*.*; fi
exit 0`;

/** The guest command that stops and cleans up one run (MODE stop) or everything of a session (MODE final). */
export function controlCommand(mode: 'stop' | 'final', stem: string, dirs: string[]): string[] {
  return ['sh', '-c', CONTROL_SCRIPT, 'sh', mode, stem, ...dirs];
}

/** The guest command that runs a wrapped bench script (its text goes to stdin, see wrapScript). */
export function runCommand(ctl: string, scriptArgs: string[]): string[] {
  return ['sh', '-s', '--', ctl, ...scriptArgs];
}
