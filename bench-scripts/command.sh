# command: times the developer's own command (npm ci, git status, make) in a scratch copy of their project,
# as hyperfine does it but inside the place: a monotonic clock around the command alone, --prepare untimed
# before every run (warm-up runs too), warm-up runs discarded, --cleanup untimed after every run.
# Args: --dir DIR (where the scratch copy is made: beside the project on the same mount, or the place's own disk)
#       --source SRC (the project as this place sees it) --command CMD [--prepare CMD] [--cleanup CMD]
#       [--warmup N] [--trials N] [--in-place 1] [--exclude REL ...] [--tool ... (ignored: the command is the tool)]
# Every command runs as `sh -c CMD` (an argument, never pasted into a shell line) in the copy (with --in-place 1,
# in SRC itself); its stdout is discarded and its stderr kept in the work folder for an error's last lines.
# Events: start; per run sample wall_s (and user_s, sys_s: the CPU of the command's processes, from `times`),
# trial 0 for each warm-up; progress; result (params: copySec, the copy's own line, never counted; overheadSec, the start-up
# of an empty command taken off every run, as hyperfine does; exitStatus 0); end.
# A command that exits non-zero fails: error command-not-found (127) or command-failed, with its status and the
# end of its stderr, and exit 1. The copy is the work folder's: removed on every way out (lib.sh vb_cleanup).

VB_SRC=''; VB_CMD=''; VB_PREP=''; VB_CLEAN=''; VB_WARMUP=0; VB_IN_PLACE=0; VB_EXCL=''
vb_flags warmup in-place
vb_extra_arg() {
  case $1 in
    --source) VB_SRC=$2; return 0 ;;
    --command) VB_CMD=$2; return 0 ;;
    --prepare) VB_PREP=$2; return 0 ;;
    --cleanup) VB_CLEAN=$2; return 0 ;;
    --exclude)
      case /$2/ in //|*/../*|//*) vb_die usage 2 "--exclude needs a path inside the project, not '$2'" ;; esac
      VB_EXCL="$VB_EXCL$2
"
      return 0 ;;
  esac
  return 1
}

# The CPU time of the shell's finished children (`times`, second line: user and system), in seconds, into
# VB_CPU. `times` runs in this shell (a $(...) subshell would count its own children: none).
vb_children_cpu() {
  times >"$VB_WORK/times" 2>/dev/null
  VB_CPU=$(awk 'function s(f,   m) { gsub(/[^0-9.m]/, "", f); m = index(f, "m"); return m ? substr(f, 1, m - 1) * 60 + substr(f, m + 1) : f + 0 }
    NR == 2 { l = $0; gsub(/m +/, "m", l); split(l, f, " "); printf "%.3f %.3f\n", s(f[1]), s(f[2]) }' "$VB_WORK/times")
}
# Runs CMD with sh -c in the project, stdout discarded, stderr to $VB_WORK/err; returns its exit status.
vb_sh_in_project() {
  ( cd "$VB_PROJ" && exec sh -c "$1" ) </dev/null >/dev/null 2>"$VB_WORK/err" &
  VB_CHILD=$!
  wait "$VB_CHILD"; vb_rc=$?; VB_CHILD=''
  return $vb_rc
}
# What starting a command costs before it does anything (the subshell, cd, sh's start-up and the two clock reads around it),
# as hyperfine measures its shell's start-up: VB_CALIBRATE runs of an empty command in the project; their median, in VB_OVERHEAD,
# is taken off every run (a run is never shorter than the clock's resolution).
VB_CALIBRATE=10
vb_overhead() {
  : >"$VB_WORK/calib"
  vb_k=0
  while [ $vb_k -lt $VB_CALIBRATE ]; do
    vb_a=$(vb_now); vb_sh_in_project ''; vb_b=$(vb_now)
    printf '%s %s\n' "$vb_a" "$vb_b" >>"$VB_WORK/calib"
    vb_k=$((vb_k + 1))
  done
  VB_OVERHEAD=$(awk '{ print $2 - $1 }' "$VB_WORK/calib" | sort -n | awk '{ a[NR] = $1 } END { m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "%.6f", (m > 0 ? m : 0) }')
}
# PHASE CMD STATUS (PHASE: command, prepare or cleanup): the step fails with the command's status and the end of its stderr.
vb_command_failed() {
  vb_tail=$(tail -c 600 "$VB_WORK/err" 2>/dev/null | tail -n 5)
  vb_prog=$(printf '%s\n' "$2" | awk '{ print $1; exit }')
  vb_code=command-failed; vb_what="the $1 command exited with status $3"
  [ "$3" = 127 ] && { vb_code=command-not-found; vb_what="$vb_what ($vb_prog was not found)"; }
  vb_emit "{\"event\":\"error\",\"test\":\"command\",\"code\":\"$vb_code\",\"phase\":\"$1\",\"status\":$3,\"program\":$(vb_jstr "$vb_prog"),\"detail\":$(vb_jstr "$vb_tail"),\"message\":$(vb_jstr "$vb_what: $vb_tail")}"
  vb_log "$vb_what"
  vb_cleanup; vb_emit '{"event":"end"}'; trap - EXIT; exit 1
}

# One run: prepare (untimed), the command between two clock reads, cleanup (untimed); TRIAL 0 is a warm-up.
vb_one() {
  if [ -n "$VB_PREP" ]; then vb_sh_in_project "$VB_PREP" || vb_command_failed prepare "$VB_PREP" $?; fi
  vb_children_cpu; vb_cpu0=$VB_CPU
  vb_t0=$(vb_now)
  vb_sh_in_project "$VB_CMD"; vb_st=$?
  vb_t1=$(vb_now)
  vb_children_cpu; vb_cpu1=$VB_CPU
  [ $vb_st -eq 0 ] || vb_command_failed command "$VB_CMD" $vb_st
  vb_sample "$1" wall_s "$(awk -v s="$vb_t0" -v e="$vb_t1" -v o="$VB_OVERHEAD" -v r="$VB_CLOCK_RES" 'BEGIN { d = e - s - o; if (d < r) d = r; printf "%.6f", d }')"
  if [ -n "$vb_cpu0" ] && [ -n "$vb_cpu1" ]; then
    vb_sample "$1" user_s "$(printf '%s %s\n' "$vb_cpu0" "$vb_cpu1" | awk '{ d = $3 - $1; printf "%.3f", d < 0 ? 0 : d }')"
    vb_sample "$1" sys_s "$(printf '%s %s\n' "$vb_cpu0" "$vb_cpu1" | awk '{ d = $4 - $2; printf "%.3f", d < 0 ? 0 : d }')"
  fi
  if [ -n "$VB_CLEAN" ]; then vb_sh_in_project "$VB_CLEAN" || vb_command_failed cleanup "$VB_CLEAN" $?; fi
}

vb_command_main() {
  vb_init command "$@"
  [ -n "$VB_CMD" ] || vb_die usage 2 "--command CMD is required"
  [ -n "$VB_SRC" ] || vb_die usage 2 "--source DIR (the project) is required"
  case $VB_IN_PLACE in 0|1) ;; *) vb_die usage 2 "--in-place must be 0 or 1" ;; esac
  vb_start "{\"trials\":$VB_TRIALS,\"warmup\":$VB_WARMUP,\"inPlace\":$([ "$VB_IN_PLACE" = 1 ] && echo true || echo false)}"
  [ -d "$VB_SRC" ] || vb_die bad-dir 2 "the project $VB_SRC is not a folder in this place"

  vb_mkwork
  vb_copy_s=0
  if [ "$VB_IN_PLACE" = 1 ]; then
    VB_PROJ=$VB_SRC
  else
    # The scratch copy, .git included, made in the work folder (so removed with it), untimed but reported.
    vb_c0=$(vb_now)
    VB_PROJ="$VB_WORK/project"
    vb_run cp -pR "$VB_SRC" "$VB_PROJ" 2>"$VB_WORK/err" || vb_die tool-failed 1 "could not copy the project $VB_SRC into $VB_DIR: $(tail -n 3 "$VB_WORK/err" | tr '\n' ' ')"
    printf '%s' "$VB_EXCL" | while IFS= read -r vb_x; do [ -n "$vb_x" ] && rm -rf "$VB_PROJ/$vb_x"; done
    vb_copy_s=$(awk -v s="$vb_c0" -v e="$(vb_now)" 'BEGIN { printf "%.3f", e - s }')
    vb_log "copied the project in $vb_copy_s s (not counted)"
  fi

  vb_overhead
  vb_log "starting an empty command here takes $VB_OVERHEAD s (median of $VB_CALIBRATE): taken off every run"
  vb_w=0
  while [ $vb_w -lt "$VB_WARMUP" ]; do
    [ $vb_w -eq 0 ] && vb_emit "{\"event\":\"warmup\",\"test\":\"command\"}"
    vb_one 0
    vb_w=$((vb_w + 1))
  done
  vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    vb_one $vb_i
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done

  vb_where='a scratch copy of the project (.git included) beside it on the same mount, or on this place'"'"'s own disk'
  [ "$VB_IN_PLACE" = 1 ] && vb_where='the project folder itself (--in-place)'
  vb_result sh '' \
    "sh -c COMMAND in $vb_where, timed alone with $VB_CLOCK_NAME, less the start-up of an empty command there (median of $VB_CALIBRATE: $VB_OVERHEAD s, as hyperfine takes off its shell's); $VB_WARMUP warm-up run(s) discarded; prepare before and cleanup after every run, untimed; CPU from the shell's times" \
    "{\"trials\":$VB_TRIALS,\"warmup\":$VB_WARMUP,\"inPlace\":$([ "$VB_IN_PLACE" = 1 ] && echo true || echo false),\"copySec\":$vb_copy_s,\"overheadSec\":$VB_OVERHEAD,\"exitStatus\":0,\"commandText\":$(vb_jstr "$VB_CMD"),\"prepareText\":$(vb_jstr "$VB_PREP"),\"cleanupText\":$(vb_jstr "$VB_CLEAN")}" \
    "sh -c '$(printf '%s' "$VB_CMD" | sed "s/'/'\\\\''/g")'"
  vb_finish
}

vb_command_main "$@"
