# vmbench bench-script library: arguments, NDJSON events, clock, free space, cleanup, fio.
# The engine sends `lib.sh` + "\n" + `<test>.sh` to `sh -s -- --key value ...` in a target.
# Plain POSIX sh (dash, BusyBox ash, bash --posix, macOS /bin/sh); names are prefixed vb_/VB_.
# Only events (one JSON object per line) go to stdout; everything else goes to stderr.
# Exit codes: 0 ok, 1 tool failed, 2 usage or unusable --dir, 3 not enough free space,
# 4 required tool missing, 128+N when stopped by signal N (HUP 129, INT 130, PIPE 141, TERM 143).

LC_ALL=C; export LC_ALL # "." decimals in JSON numbers, byte-wise text tools, English messages
unset CDPATH             # so that cd never prints to stdout
# Servers (nginx, sshd-style daemons) live in sbin, which a non-root user's PATH lacks on Debian (vagrant ssh).
case ":$PATH:" in *:/usr/sbin:*) ;; *) PATH=$PATH:/usr/local/sbin:/usr/sbin:/sbin; export PATH ;; esac
VB_TEST=''; VB_DIR=''; VB_TRIALS=3; VB_TOOL=auto; VB_WORK=''; VB_WORK2=''; VB_CHILD=''
VB_SIZE_MIB=''; VB_BS_KIB=''; VB_RUNTIME_S=''; VB_RAMP_S=''; VB_IODEPTH=''
VB_FILES=''; VB_SIZE_BYTES=''; VB_MAX_S=''; VB_SERVER=''
VB_SETTLE_S=30; VB_SETTLE_KIB=4096; VB_SETTLE_MS=''
VB_CLOCK=s; VB_CLOCK_RES=1; VB_CLOCK_NAME='date +%s'

# jesc(s): s as a quoted JSON string (byte-wise, so it works the same in every awk).
VB_AWK_JESC='function jesc(s,   o, i, n, c, p) {
  if (!vb_ci) { for (i = 1; i < 32; i++) vb_ctrl = vb_ctrl sprintf("%c", i); vb_ci = 1 }
  o = ""; n = length(s)
  for (i = 1; i <= n; i++) {
    c = substr(s, i, 1)
    if (c == "\\") o = o "\\\\"; else if (c == "\"") o = o "\\\""
    else if ((p = index(vb_ctrl, c)) > 0) o = o sprintf("\\u%04x", p); else o = o c
  }
  return "\"" o "\""
}'

vb_log() { printf 'vmbench[%s]: %s\n' "${VB_TEST:-probe}" "$*" >&2; }
vb_emit() { printf '%s\n' "$1"; }
# $1 as a JSON string literal.
vb_jstr() { printf '%s' "$1" | awk "$VB_AWK_JESC"' { s = (NR > 1) ? s "\n" $0 : $0 } END { printf "%s", jesc(s) }'; }
# $1 as a JSON string literal, or null when empty.
vb_jstr_or_null() { if [ -n "$1" ]; then vb_jstr "$1"; else printf 'null'; fi; }
# Whole number without sign or leading zero.
vb_is_uint() { case $1 in ''|*[!0-9]*|0[0-9]*) return 1 ;; esac; return 0; }

vb_error() { # CODE MESSAGE: emits an error event
  if [ -n "$VB_TEST" ]; then
    vb_emit "{\"event\":\"error\",\"test\":\"$VB_TEST\",\"code\":\"$1\",\"message\":$(vb_jstr "$2")}"
  else
    vb_emit "{\"event\":\"error\",\"code\":\"$1\",\"message\":$(vb_jstr "$2")}"
  fi
  vb_log "error $1: $2"
}
vb_die() { # CODE EXIT MESSAGE: error event, clean up, end event, exit
  vb_error "$1" "$3"; vb_cleanup; vb_emit '{"event":"end"}'; trap - EXIT; exit "$2"
}
vb_finish() { vb_cleanup; vb_emit '{"event":"end"}'; trap - EXIT; exit 0; }

# Stops the running child and a started server (TERM, KILL after 2 s), removes the work directory.
vb_cleanup() {
  vb_server_stop
  if [ -n "$VB_CHILD" ]; then
    kill -TERM "$VB_CHILD" 2>/dev/null
    # watchdog: KILL the child if it is still there after 2 s; ends by itself once the child is reaped
    ( vb_i=0
      while kill -0 "$VB_CHILD" 2>/dev/null; do
        vb_i=$((vb_i + 1)); [ $vb_i -gt 20 ] && { kill -KILL "$VB_CHILD" 2>/dev/null; break; }
        sleep 0.1 2>/dev/null || sleep 1
      done ) </dev/null >/dev/null 2>&1 &
    vb_dog=$!
    wait "$VB_CHILD" 2>/dev/null
    wait "$vb_dog" 2>/dev/null
    VB_CHILD=''
  fi
  if [ -n "$VB_WORK2" ]; then # a second work directory in another place (dev-tree's --modules-dir)
    cd / || :
    rm -rf "$VB_WORK2" 2>/dev/null
    VB_WORK2=''
  fi
  if [ -n "$VB_WORK" ]; then
    cd "${VB_WORK%/*}" 2>/dev/null || cd / || :
    rm -rf "$VB_WORK" 2>/dev/null
    VB_WORK=''
  fi
}
vb_on_signal() { # NAME EXIT
  trap '' HUP INT TERM PIPE
  vb_log "stopped by SIG$1, cleaning up"
  vb_cleanup
  vb_error cancelled "stopped by SIG$1 before it finished; its files were removed"
  vb_emit '{"event":"end"}'
  trap - EXIT
  exit "$2"
}

# Runs a command in the background and waits, so a signal is handled at once; stdout -> stderr.
vb_run() { "$@" </dev/null >&2 & VB_CHILD=$!; wait "$VB_CHILD"; vb_rc=$?; VB_CHILD=''; return $vb_rc; }
# Same, with stdout discarded.
vb_run_quiet() { "$@" </dev/null >/dev/null & VB_CHILD=$!; wait "$VB_CHILD"; vb_rc=$?; VB_CHILD=''; return $vb_rc; }

vb_clock_init() { # picks the best clock: date +%s%N, perl Time::HiRes, /proc/uptime, date +%s
  vb_t=$(date +%s%N 2>/dev/null)
  case $vb_t in
    ''|*[!0-9]*) ;;
    *) if [ ${#vb_t} -ge 16 ]; then VB_CLOCK=ns; VB_CLOCK_RES=0.000001; VB_CLOCK_NAME='date +%s%N'; return 0; fi ;;
  esac
  if perl -MTime::HiRes=time -e 1 </dev/null >/dev/null 2>&1; then
    VB_CLOCK=perl; VB_CLOCK_RES=0.000001; VB_CLOCK_NAME='perl Time::HiRes'; return 0
  fi
  if [ -r /proc/uptime ]; then VB_CLOCK=uptime; VB_CLOCK_RES=0.01; VB_CLOCK_NAME='/proc/uptime (10 ms resolution)'; return 0; fi
  VB_CLOCK=s; VB_CLOCK_RES=1; VB_CLOCK_NAME='date +%s (1 s resolution: coarse)'
}
vb_now() { # current time in seconds (decimal)
  case $VB_CLOCK in
    ns) vb_t=$(date +%s%N); printf '%s.%s\n' "${vb_t%?????????}" "${vb_t#"${vb_t%?????????}"}" ;;
    perl) perl -MTime::HiRes=time -e 'printf("%.6f\n", time)' </dev/null ;;
    uptime) read -r vb_t vb_rest </proc/uptime; printf '%s\n' "$vb_t" ;;
    *) date +%s ;;
  esac
}
vb_rate() { # AMOUNT START END: AMOUNT per second (elapsed floored at the clock resolution)
  awk -v a="$1" -v s="$2" -v e="$3" -v r="$VB_CLOCK_RES" 'BEGIN { d = e - s; if (d < r) d = r; printf "%.3f", a / d }'
}

# Whole-number flags: `--some-key N` sets VB_SOME_KEY (upper case, '-' as '_'). Every script takes these;
# a script adds its own at its top with `vb_flags key...` (the engine's flag of a preset parameter is its
# kebab-case name: sizeMiB -> --size-mib, electron/contract/test-catalogue.ts paramFlag).
VB_FLAGS=' trials size-mib bs-kib runtime-s ramp-s iodepth files size-bytes max-s settle-s settle-kib '
vb_flags() { for vb_f in "$@"; do VB_FLAGS="$VB_FLAGS$vb_f "; done; }
vb_parse_args() {
  while [ $# -gt 0 ]; do
    vb_k=$1
    case $vb_k in --*) ;; *) vb_die usage 2 "unexpected argument '$vb_k' (arguments are --key value pairs)" ;; esac
    [ $# -ge 2 ] || vb_die usage 2 "missing value for $vb_k"
    vb_v=$2; shift 2
    vb_n=${vb_k#--}
    case $vb_k in
      --dir) VB_DIR=$vb_v ;;
      --tool) case $vb_v in auto|fio|fallback) VB_TOOL=$vb_v ;; *) vb_die usage 2 "--tool must be auto, fio or fallback, not '$vb_v'" ;; esac ;;
      *)
        case $vb_n in
          ''|*[!a-z0-9-]*) vb_known=0 ;;
          *) case $VB_FLAGS in *" $vb_n "*) vb_known=1 ;; *) vb_known=0 ;; esac ;;
        esac
        if [ $vb_known = 1 ]; then
          vb_is_uint "$vb_v" || vb_die usage 2 "$vb_k needs a whole number, not '$vb_v'"
          eval "VB_$(printf '%s' "$vb_n" | tr 'a-z-' 'A-Z_')=\$vb_v"
        else
          vb_extra_arg "$vb_k" "$vb_v" || vb_die usage 2 "unknown argument $vb_k"
        fi ;;
    esac
  done
}
# Hook for a test's own --key value arguments that are not whole numbers (a folder, HOST:PORT): a script redefines it and returns 0 when it took the key.
vb_extra_arg() { return 1; }
vb_positive() { # NAME VALUE...: each value must be > 0
  vb_n=$1; shift
  for vb_x in "$@"; do [ "$vb_x" -gt 0 ] 2>/dev/null || vb_die usage 2 "$vb_n must be greater than 0"; done
}

vb_init() { # TEST "$@": traps, arguments, clock
  VB_TEST=$1; shift
  trap 'vb_cleanup' EXIT
  trap 'vb_on_signal HUP 129' HUP
  trap 'vb_on_signal INT 130' INT
  trap 'vb_on_signal TERM 143' TERM
  trap 'vb_on_signal PIPE 141' PIPE # the reader of our stdout went away: still clean up
  vb_parse_args "$@"
  [ -n "$VB_DIR" ] || vb_die usage 2 "--dir DIR is required"
  vb_positive '--trials and --settle-s' "$VB_TRIALS" "$VB_SETTLE_S"
  vb_clock_init
}
vb_start() { # PARAMS_JSON: start event, then the directory must exist
  vb_emit "{\"event\":\"start\",\"test\":\"$VB_TEST\",\"target\":$(vb_jstr "$VB_DIR"),\"params\":$1}"
  [ -d "$VB_DIR" ] || vb_die bad-dir 2 "$VB_DIR does not exist or is not a directory"
}
vb_progress() { vb_emit "{\"event\":\"progress\",\"test\":\"$VB_TEST\",\"done\":$1,\"total\":$VB_TRIALS}"; }
vb_sample() { vb_emit "{\"event\":\"sample\",\"test\":\"$VB_TEST\",\"trial\":$1,\"metric\":\"$2\",\"value\":$3}"; }

vb_free_kib() { # DIR: available KiB (df -Pk; the field before the capacity %)
  df -Pk "$1" 2>/dev/null | awk 'NR > 1 { for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+%$/) { print $(i - 1); exit } }'
}
vb_check_space() { # NEED_MIB WHAT: refuse (no-space, exit 3) unless NEED * 1.2 + 64 MiB is free
  vb_free=$(vb_free_kib "$VB_DIR")
  if ! vb_is_uint "$vb_free"; then vb_log "could not read free space of $VB_DIR with df -Pk; continuing"; return 0; fi
  vb_short=$(awk -v n="$1" -v f="$vb_free" 'BEGIN { need = n * 1.2 + 64; if (need * 1024 > f) printf "%.0f %.0f", need + 0.5, f / 1024 - 0.5 }')
  [ -z "$vb_short" ] && return 0
  vb_need=${vb_short% *}; vb_have=${vb_short#* }
  vb_die no-space 3 "not enough free space in $VB_DIR: $VB_TEST needs about $vb_need MiB ($2, plus 20% and a 64 MiB margin) but only $vb_have MiB is free. Free up space there, choose another directory, or run a smaller suite (quick)."
}
vb_mkwork() { # creates the private work directory DIR/.vmbench-PID-RANDOM
  vb_r=$(od -An -N4 -tu4 /dev/urandom 2>/dev/null | tr -d ' \n')
  [ -n "$vb_r" ] || vb_r=$(date +%S)$$
  vb_abs=$(cd "$VB_DIR" 2>/dev/null && pwd) || vb_die bad-dir 2 "cannot enter $VB_DIR"
  VB_WORK="${vb_abs%/}/.vmbench-$$-$vb_r"
  mkdir "$VB_WORK" 2>/dev/null || { VB_WORK=''; vb_die bad-dir 2 "cannot create a work directory in $VB_DIR (read-only, or no permission)"; }
  # The owner's start time next to the pid in the name: a later run tells this folder, left by a killed
  # run, from one of a live run even once the pid is reused (electron/engine/store/leftovers.ts).
  vb_proc_start $$ >"$VB_WORK/.vmbench-owner.t" 2>/dev/null && mv -f "$VB_WORK/.vmbench-owner.t" "$VB_WORK/.vmbench-owner" 2>/dev/null
  return 0
}
vb_proc_start() { # PID: when it started, as the engine reads it (Linux: field 22 of /proc/PID/stat; else ps -o lstart= in UTC, whatever TZ the engine has)
  if [ -r /proc/self/stat ]; then sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -d' ' -f20
  else LC_ALL=C TZ=UTC0 ps -o lstart= -p "$1" 2>/dev/null | sed 's/^ *//; s/ *$//; s/  */ /g'; fi
}
vb_stat_json() { # "V1 V2 ...": {"median":..,"min":..,"max":..,"n":..} (median of an even count: mean of the middle two)
  printf '%s\n' "$1" | awk '{ for (i = 1; i <= NF; i++) v[++n] = $i + 0 }
    END { for (i = 2; i <= n; i++) { x = v[i]; j = i - 1; while (j > 0 && v[j] > x) { v[j + 1] = v[j]; j-- } v[j + 1] = x }
      m = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
      printf "{\"median\":%.3f,\"min\":%.3f,\"max\":%.3f,\"n\":%d}", m, v[1], v[n], n }'
}
vb_sync_init() { # DIR: whether vb_sync can flush just the measured filesystems (sync -f: Linux coreutils 8.24+, BusyBox 1.30+)
  VB_SYNCF=0; VB_SYNC_NAME='sync (every filesystem: sync -f is not available here)'
  [ "$(uname -s 2>/dev/null)" = Linux ] && sync -f "$1" </dev/null >/dev/null 2>&1 && { VB_SYNCF=1; VB_SYNC_NAME='sync -f (the measured filesystem only)'; }
  return 0
}
vb_sync() { # DIR...: flushes the filesystems of DIR... (sync -f), else every filesystem (sync)
  if [ "$VB_SYNCF" = 1 ]; then vb_run sync -f "$@"; else vb_run sync; fi
}
vb_drop_caches() { # flushes and drops the page cache when allowed (root); returns 1 if it could not
  sync
  if [ -w /proc/sys/vm/drop_caches ] && { echo 3 >/proc/sys/vm/drop_caches; } 2>/dev/null; then return 0; fi
  if [ "$(id -u 2>/dev/null)" = 0 ] && command -v purge >/dev/null 2>&1 && purge 2>/dev/null; then return 0; fi
  return 1
}

# ---- settle: write-back finished before a test's first trial ----
# Dirty pages left by whatever ran before (the previous test, an image build) are written back while
# the next test measures and slow it. vb_settle starts `sync` and waits until it has returned and the
# kernel's Dirty + Writeback (/proc/meminfo, the whole system: in a container the host's, in a VM the
# guest's) are at most VB_SETTLE_KIB (--settle-kib, default 4096 = 4 MiB), polling every 0.1 s, for at
# most VB_SETTLE_S seconds (--settle-s, default 30). A sync still blocked then is left running on its
# own (stdio closed): a device that cannot write back is reported, never waited for.
# Sets VB_SETTLE_MS (time taken), VB_SETTLED (1/0), VB_SETTLE_LEFT_KIB (Dirty+Writeback at the end;
# empty without /proc/meminfo, e.g. macOS, where only the sync is waited for) and VB_SETTLE_SYNC (1 if sync returned).
vb_dirty_kib() { # Dirty + Writeback in KiB, or nothing when /proc/meminfo is not readable
  [ -r /proc/meminfo ] || return 0
  awk '$1 == "Dirty:" || $1 == "Writeback:" { s += $2; n++ } END { if (n) printf "%d\n", s }' /proc/meminfo 2>/dev/null
}
vb_settle() {
  vb_st0=$(vb_now)
  sync </dev/null >/dev/null 2>&1 &
  vb_sp=$!
  VB_SETTLED=0; VB_SETTLE_SYNC=0
  while :; do
    if [ -n "$vb_sp" ] && ! kill -0 "$vb_sp" 2>/dev/null; then wait "$vb_sp" 2>/dev/null; vb_sp=''; VB_SETTLE_SYNC=1; fi
    VB_SETTLE_LEFT_KIB=$(vb_dirty_kib)
    if [ $VB_SETTLE_SYNC = 1 ] && { [ -z "$VB_SETTLE_LEFT_KIB" ] || [ "$VB_SETTLE_LEFT_KIB" -le "$VB_SETTLE_KIB" ]; }; then VB_SETTLED=1; break; fi
    vb_sel=$(awk -v s="$vb_st0" -v e="$(vb_now)" -v l="$VB_SETTLE_S" 'BEGIN { print (e - s >= l) ? 1 : 0 }')
    [ "$vb_sel" = 1 ] && break
    sleep 0.1 2>/dev/null || sleep 1
  done
  VB_SETTLE_MS=$(awk -v s="$vb_st0" -v e="$(vb_now)" 'BEGIN { d = (e - s) * 1000; if (d < 0) d = 0; printf "%.0f", d }')
  if [ $VB_SETTLED = 1 ]; then vb_log "write-back settled in $VB_SETTLE_MS ms (Dirty+Writeback ${VB_SETTLE_LEFT_KIB:-not readable} KiB)"
  else vb_log "write-back did not settle within $VB_SETTLE_S s (Dirty+Writeback ${VB_SETTLE_LEFT_KIB:-not readable} KiB, sync returned: $VB_SETTLE_SYNC)"; fi
  return 0
}
vb_settle_params() { # ,"settleMs":..,"settled":..,"settleLimitS":..,"settleLimitKiB":..,"settleSync":..[,"settleLeftKiB":..] for the result's params
  vb_stf=false; [ "$VB_SETTLED" = 1 ] && vb_stf=true
  vb_sy=false; [ "$VB_SETTLE_SYNC" = 1 ] && vb_sy=true
  printf ',"settleMs":%s,"settled":%s,"settleLimitS":%s,"settleLimitKiB":%s,"settleSync":%s' "$VB_SETTLE_MS" "$vb_stf" "$VB_SETTLE_S" "$VB_SETTLE_KIB" "$vb_sy"
  [ -n "$VB_SETTLE_LEFT_KIB" ] && printf ',"settleLeftKiB":%s' "$VB_SETTLE_LEFT_KIB"
  return 0
}

# ---- fio ----
vb_use_fio() { # WHAT [nofallback]: 0 to use fio, 1 for the sh fallback; dies (tool-missing) if neither
  if [ "$VB_TOOL" != fallback ] && command -v fio >/dev/null 2>&1; then
    VB_FIO_VERSION=$(fio --version </dev/null 2>/dev/null | head -n 1 | sed 's/^fio-//'); return 0
  fi
  [ "$VB_TOOL" = fallback ] && [ -n "$2" ] && vb_die tool-missing 4 "measuring $1 needs fio and there is no honest fallback without it (--tool fallback was requested): install fio (apt-get install fio / apk add fio / dnf install fio / brew install fio)"
  if [ "$VB_TOOL" = fio ] || [ -n "$2" ]; then
    vb_die tool-missing 4 "fio not found in this target: install fio (apt-get install fio / apk add fio / dnf install fio / brew install fio) to measure $1"
  fi
  return 1
}
vb_fio_direct_ok() { # 0 if this filesystem accepts O_DIRECT (a 1 MiB fio write with direct=1)
  vb_run fio --name=direct-check --thread --filename="$(printf '%s' "$VB_WORK/direct-check" | sed 's/:/\\:/g')" --size=1m --bs=4k --rw=write --direct=1 \
    --ioengine=psync --eta=never --output-format=json --output="$VB_WORK/direct-check.json" 2>/dev/null
  vb_ok=$?
  [ $vb_ok -eq 0 ] && grep -q '"error" : 0' "$VB_WORK/direct-check.json" 2>/dev/null || vb_ok=1
  rm -f "$VB_WORK/direct-check" "$VB_WORK/direct-check.json"
  return $vb_ok
}
vb_fio_file() { VB_FIO_FILE=$(printf '%s' "$VB_FILE" | sed 's/:/\\:/g'); } # fio splits --filename at ':'
vb_fio_has_engine() { fio --enghelp </dev/null 2>/dev/null | grep -q "^[[:space:]]*$1\$"; }
vb_show_cmd() { # CMD: the command line as it runs, words with special characters single-quoted
  (eval "set -- $1"; vb_o=''
   for vb_w in "$@"; do
     case $vb_w in *[!A-Za-z0-9_./=:,+%@-]*) vb_w="'$(printf '%s' "$vb_w" | sed "s/'/'\\\\''/g")'" ;; esac
     vb_o="$vb_o${vb_o:+ }$vb_w"
   done; printf '%s' "$vb_o")
}
vb_fio_exec() { # CMD: runs a fio command (a string of words; "$VB_FILE"/"$VB_OUT" expand at run time)
  eval "vb_run $1" 2>"$VB_WORK/fio.err"
  vb_st=$?
  cat "$VB_WORK/fio.err" >&2
  if [ $vb_st -ne 0 ] || ! grep -q '"jobs"' "$VB_OUT" 2>/dev/null || grep -q '"error" : [1-9]' "$VB_OUT" 2>/dev/null; then
    vb_die tool-failed 1 "fio failed (exit $vb_st): $(tail -n 3 "$VB_WORK/fio.err" 2>/dev/null | tr '\n' ' ')"
  fi
}
vb_fio_emit() { # TRIAL: emits fio's JSON output file ($VB_OUT) compacted to one tool-output line
  vb_data=$(awk '/^[{]/ { on = 1 } on { last = /^[}]/; sub(/^[ \t]+/, ""); sub(/[ \t\r]+$/, ""); printf "%s", $0; if (last) exit }' "$VB_OUT")
  [ -n "$vb_data" ] || vb_die tool-failed 1 "fio wrote no JSON output"
  vb_emit "{\"event\":\"tool-output\",\"test\":\"$VB_TEST\",\"trial\":$1,\"tool\":\"fio\",\"format\":\"json\",\"data\":$vb_data}"
}
vb_result() { # TOOL VERSION METHOD PARAMS_JSON COMMAND [METRICS_JSON]; the params gain vb_settle's report when it ran
  vb_m=''; [ -n "$6" ] && vb_m=",\"metrics\":$6"
  vb_p=$4; [ -n "$VB_SETTLE_MS" ] && vb_p="${vb_p%\}}$(vb_settle_params)}"
  vb_emit "{\"event\":\"result\",\"test\":\"$VB_TEST\",\"tool\":{\"name\":\"$1\",\"version\":$(vb_jstr_or_null "$2")},\"method\":$(vb_jstr "$3"),\"params\":$vb_p,\"command\":$(vb_jstr "$5")$vb_m}"
}

# ---- dd fallback (no fio) ----
vb_dd_prepare() { # random source block ($VB_WORK/random.bin, up to 16 MiB) and conv=fsync support
  vb_chunk=16; [ "$VB_SIZE_MIB" -lt 16 ] && vb_chunk=$VB_SIZE_MIB
  vb_src="$VB_WORK/random.bin"
  vb_run dd if=/dev/urandom of="$vb_src" bs=1048576 count=$vb_chunk 2>/dev/null || vb_die tool-failed 1 "dd could not read /dev/urandom"
  if vb_run dd if=/dev/zero of="$VB_WORK/fsync-check" bs=4096 count=1 conv=fsync 2>/dev/null; then vb_fsync=1; else vb_fsync=0; fi
  rm -f "$VB_WORK/fsync-check"
}
vb_dd_write() { # writes VB_SIZE_MIB MiB of the random block to $VB_FILE; flushed (last chunk conv=fsync, else sync)
  vb_off=0
  while [ $vb_off -lt "$VB_SIZE_MIB" ]; do
    vb_n=$((VB_SIZE_MIB - vb_off)); [ $vb_n -gt $vb_chunk ] && vb_n=$vb_chunk
    vb_conv=notrunc; [ $((vb_off + vb_n)) -ge "$VB_SIZE_MIB" ] && [ $vb_fsync = 1 ] && vb_conv=notrunc,fsync
    vb_run dd if="$vb_src" of="$VB_FILE" bs=1048576 count=$vb_n seek=$vb_off conv=$vb_conv 2>/dev/null || vb_die tool-failed 1 "dd failed writing $VB_FILE"
    vb_off=$((vb_off + vb_n))
  done
  [ $vb_fsync = 1 ] || vb_run sync
}
vb_dd_write_cmd() { # the dd command line of one trial, for the result
  if [ $vb_fsync = 1 ]; then vb_f='the last with conv=notrunc,fsync'; else vb_f='then sync (this dd has no conv=fsync)'; fi
  printf 'dd if=%s of=%s bs=1048576 count=%s seek=OFFSET conv=notrunc (repeated for %s MiB, %s)' "$vb_src" "$VB_FILE" "$vb_chunk" "$VB_SIZE_MIB" "$vb_f"
}

# ---- services (a server the script starts itself, on 127.0.0.1 only) ----
vb_random_port() { # a port in 20000..59999 (the caller retries when it is taken)
  vb_r=$(od -An -N2 -tu2 /dev/urandom 2>/dev/null | tr -d ' \n'); vb_is_uint "$vb_r" || vb_r=$$
  printf '%s\n' $((20000 + vb_r % 40000))
}
vb_host_port() { # FLAG HOST:PORT -> VB_HP_HOST, VB_HP_PORT (a host name or IPv4 address; a port 1..65535), else usage error
  vb_h=${2%:*}; vb_p=${2##*:}
  case $2 in *:*) ;; *) vb_die usage 2 "$1 needs HOST:PORT, not '$2'" ;; esac
  case $vb_h in ''|-*|*[!A-Za-z0-9.-]*) vb_die usage 2 "$1 needs a host name or IPv4 address before the port, not '$vb_h'" ;; esac
  { vb_is_uint "$vb_p" && [ "$vb_p" -ge 1 ] && [ "$vb_p" -le 65535 ]; } || vb_die usage 2 "$1 needs a port from 1 to 65535, not '$vb_p'"
  VB_HP_HOST=$vb_h; VB_HP_PORT=$vb_p
}
vb_server_start() { # LOG CMD...: starts a server in the background (stdin closed, output to LOG)
  vb_lg=$1; shift
  "$@" </dev/null >"$vb_lg" 2>&1 &
  VB_SERVER=$!
}
vb_server_wait() { # CHECK_CMD SECONDS: polls CHECK_CMD every 0.1 s; 1 if the server died or timed out
  vb_sw=0
  while [ $vb_sw -lt $(($2 * 10)) ]; do
    kill -0 "$VB_SERVER" 2>/dev/null || { wait "$VB_SERVER" 2>/dev/null; VB_SERVER=''; return 1; }
    eval "$1" >/dev/null 2>&1 && return 0
    sleep 0.1 2>/dev/null || sleep 1; vb_sw=$((vb_sw + 1))
  done
  return 1
}
vb_server_stop() { # TERM the server, KILL after 2 s, reap it
  [ -n "$VB_SERVER" ] || return 0
  kill -TERM "$VB_SERVER" 2>/dev/null
  vb_sw=0
  while kill -0 "$VB_SERVER" 2>/dev/null && [ $vb_sw -lt 20 ]; do sleep 0.1 2>/dev/null || sleep 1; vb_sw=$((vb_sw + 1)); done
  kill -KILL "$VB_SERVER" 2>/dev/null
  wait "$VB_SERVER" 2>/dev/null
  VB_SERVER=''
}
vb_run_capped() { # SECONDS CMD...: like vb_run_quiet, but TERM (then KILL) the command after SECONDS; 124 when capped
  vb_cap=$1; shift
  "$@" </dev/null >/dev/null & VB_CHILD=$!
  ( vb_sw=0; while kill -0 "$VB_CHILD" 2>/dev/null; do
      vb_sw=$((vb_sw + 1)); [ $vb_sw -gt $((vb_cap * 10)) ] && { kill -TERM "$VB_CHILD"; sleep 2; kill -KILL "$VB_CHILD"; exit 0; } 2>/dev/null
      sleep 0.1 2>/dev/null || sleep 1
    done ) </dev/null >/dev/null 2>&1 &
  vb_dog=$!
  wait "$VB_CHILD"; vb_rc=$?; VB_CHILD=''
  kill "$vb_dog" 2>/dev/null; wait "$vb_dog" 2>/dev/null
  [ $vb_rc -eq 143 ] && vb_rc=124
  return $vb_rc
}
