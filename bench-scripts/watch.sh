# watch: how long a change the host makes in a shared folder takes to be seen inside the target,
# the way a dev server's file watcher sees a save: once by polling stat, once through inotify.
# The host drives it (the engine writes the files; clocks of host and guest are never compared):
# for each batch this script creates an empty folder w/ in its work folder, says so with a
# watch-ready event naming the work folder, and then answers every ping-N the host writes (or
# renames into place) by creating pong-N. The host times each round trip from its write to its
# sight of the pong, and ends the batch by creating w/batch-done. Samples come from the host.
# Args: --dir DIR [--trials N] [--events N] [--bound-ms N] [--tool ... (ignored)]
# inotify: inotifywait (inotify-tools) where the target has it, else a tiny watcher of this script's
# own run by python3 (ctypes on the kernel's inotify_init1/inotify_add_watch: nothing to install).
# Events: start, watch-ready per batch (mode poll, then inotify), progress; an error when inotify
# cannot be set up (neither inotifywait nor python3); result (method), end.

VB_EVENTS=''; VB_BOUND_MS=''
vb_flags events bound-ms

vb_watch_ready() { # TRIAL MODE
  vb_emit "{\"event\":\"watch-ready\",\"test\":\"watch\",\"trial\":$1,\"mode\":\"$2\",\"work\":$(vb_jstr "${VB_WORK##*/}"),\"events\":$VB_EVENTS}"
}

vb_watch_fresh() { # an empty w/ for the next batch
  rm -rf "$VB_WORK/w" && mkdir "$VB_WORK/w" || vb_die tool-failed 1 "cannot create $VB_WORK/w"
}

# Gives up when the host stops driving: every 5000 checks the clock is read against this deadline.
vb_watch_deadline() { VB_DEADLINE=$(awk -v t="$(vb_now)" -v n="$VB_EVENTS" -v b="$VB_BOUND_MS" 'BEGIN { printf "%.3f", t + n * (b / 1000 + 0.2) + 30 }'); }
vb_watch_late() { awk -v t="$(vb_now)" -v d="$VB_DEADLINE" 'BEGIN { exit !(t > d) }'; }

vb_watch_poll() { # TRIAL: sees ping-N with [ -e ] in a tight loop (a polling watcher with no interval), answers pong-N
  vb_watch_fresh; vb_watch_deadline
  cd "$VB_WORK/w" || vb_die tool-failed 1 "cannot enter $VB_WORK/w"
  vb_watch_ready "$1" poll
  vb_n=1; vb_k=0
  while :; do
    if [ -e "ping-$vb_n" ]; then : >"pong-$vb_n"; vb_n=$((vb_n + 1)); continue; fi
    [ -e batch-done ] && break
    vb_k=$((vb_k + 1))
    if [ $vb_k -ge 5000 ]; then
      vb_k=0
      vb_watch_late && vb_die timeout 1 "the host wrote nothing for a long time in $VB_WORK/w (poll batch $1)"
    fi
  done
  cd "$VB_WORK" || vb_die tool-failed 1 "cannot enter $VB_WORK"
}

# The python3 watcher: prints the name of each file created in or moved into DIR, a line each and
# flushed at once (as inotifywait --format %f does), after "Watches established." on stderr.
VB_PYWATCH='
import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init1(0)
if fd < 0:
    sys.exit("inotify_init1 failed: %s" % os.strerror(ctypes.get_errno()))
if libc.inotify_add_watch(fd, sys.argv[1].encode(), 0x100 | 0x80) < 0:
    sys.exit("inotify_add_watch failed: %s" % os.strerror(ctypes.get_errno()))
sys.stderr.write("Watches established.\n")
sys.stderr.flush()
while True:
    buf = os.read(fd, 65536)
    i = 0
    while i + 16 <= len(buf):
        n = struct.unpack_from("iIII", buf, i)[3]
        sys.stdout.write(buf[i + 16:i + 16 + n].split(b"\0")[0].decode("utf-8", "replace") + "\n")
        i += 16 + n
    sys.stdout.flush()
'

vb_watch_tool() { # which inotify watcher this target has: inotifywait, python3, or none
  if command -v inotifywait >/dev/null 2>&1; then echo inotifywait
  elif command -v python3 >/dev/null 2>&1 && python3 -c 'import ctypes, struct; ctypes.CDLL(None).inotify_init1' >/dev/null 2>&1; then echo python3
  else echo none; fi
}

vb_watch_run_tool() { # DIR: the watcher, its file names on stdout
  if [ "$VB_WATCHER" = python3 ]; then exec python3 -u -c "$VB_PYWATCH" "$1"; fi
  exec inotifywait -m -e create -e moved_to --format '%f' "$1"
}

vb_watch_answer() { # reads the watcher's file names; answers ping-N; stops at batch-done
  while IFS= read -r vb_f; do
    case $vb_f in
      ping-*) : >"$VB_WORK/w/pong-${vb_f#ping-}" ;;
      batch-done) break ;;
    esac
  done
}

vb_watch_inotify() { # TRIAL: the watcher on w/ (create, moved_to); answers pong-N for each ping-N it reports
  vb_watch_fresh; vb_watch_deadline
  : >"$VB_WORK/inotify.err"
  # The watcher's own pid goes to a file so cleanup can stop it; its names go through a pipe.
  { vb_watch_run_tool "$VB_WORK/w" 2>"$VB_WORK/inotify.err" & echo $! >"$VB_WORK/inotify.pid"; wait; } | vb_watch_answer &
  VB_CHILD=$!
  vb_k=0
  until grep -q 'Watches established' "$VB_WORK/inotify.err" 2>/dev/null; do
    vb_k=$((vb_k + 1))
    if [ $vb_k -gt 200 ] || ! kill -0 "$VB_CHILD" 2>/dev/null; then
      vb_watch_stop_inotify
      vb_error inotify-failed "$VB_WATCHER could not watch $VB_WORK/w: $(head -c 300 "$VB_WORK/inotify.err")"
      return 1
    fi
    sleep 0.05 2>/dev/null || sleep 1
  done
  VB_SERVER=$(cat "$VB_WORK/inotify.pid" 2>/dev/null) # cleanup stops the watcher too
  vb_watch_ready "$1" inotify
  # The answering loop ends at batch-done (which the host always writes, also when events were lost).
  while kill -0 "$VB_CHILD" 2>/dev/null; do
    [ -e "$VB_WORK/w/batch-done" ] && break
    vb_watch_late && { vb_watch_stop_inotify; vb_die timeout 1 "the host wrote nothing for a long time in $VB_WORK/w (inotify batch $1)"; }
    sleep 0.05 2>/dev/null || sleep 1
  done
  vb_watch_stop_inotify
}

vb_watch_stop_inotify() {
  [ -s "$VB_WORK/inotify.pid" ] && kill -TERM "$(cat "$VB_WORK/inotify.pid")" 2>/dev/null
  [ -n "$VB_CHILD" ] && { kill -TERM "$VB_CHILD" 2>/dev/null; wait "$VB_CHILD" 2>/dev/null; }
  VB_CHILD=''; VB_SERVER=''; rm -f "$VB_WORK/inotify.pid"
}

vb_watch_what() { case $VB_WATCHER in python3) echo "a python3 inotify watcher of this script (ctypes inotify_add_watch)" ;; inotifywait) echo "inotifywait -m" ;; *) echo "none (no watcher in this target)" ;; esac; }
vb_watch_cmd() { case $VB_WATCHER in python3) echo "python3 -c <inotify watcher> w" ;; *) echo "inotifywait -m -e create -e moved_to --format %f w" ;; esac; }

vb_watch_main() {
  vb_init watch "$@"
  : "${VB_EVENTS:=20}" "${VB_BOUND_MS:=2000}"
  vb_positive '--events and --bound-ms' "$VB_EVENTS" "$VB_BOUND_MS"
  vb_start "{\"events\":$VB_EVENTS,\"boundMs\":$VB_BOUND_MS,\"trials\":$VB_TRIALS}"
  vb_mkwork
  vb_inotify=yes
  VB_WATCHER=$(vb_watch_tool)
  [ "$VB_WATCHER" = none ] && {
    vb_inotify=no
    vb_error tool-missing "neither inotifywait nor python3 found in this target, so only the polling figure is measured: install inotify-tools (apt-get install inotify-tools / apk add inotify-tools / dnf install inotify-tools)"
  }
  vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    vb_watch_poll $vb_i
    if [ $vb_inotify = yes ]; then vb_watch_inotify $vb_i || vb_inotify=no; fi
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  vb_how="round trips timed by the host: it writes ping-N into the shared folder (odd N written in place, even N written beside and renamed, as editors save), the target answers pong-N as soon as it sees it; poll: [ -e ] in a tight loop; inotify: $(vb_watch_what) (create, moved_to); $VB_EVENTS changes per batch, each given $VB_BOUND_MS ms"
  vb_result sh '' "$vb_how" "{\"events\":$VB_EVENTS,\"boundMs\":$VB_BOUND_MS,\"trials\":$VB_TRIALS,\"inotify\":\"$vb_inotify\"}" \
    "until [ -e ping-N ]; do :; done; : >pong-N  |  $(vb_watch_cmd) | (answer pong-N)"
  vb_finish
}

vb_watch_main "$@"
