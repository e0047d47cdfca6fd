# small-files: create / stat / read / delete many small files (a source tree), files per second.
# Each phase is one process walking all N files, so the figure is the filesystem's per-file
# cost rather than the cost of starting a process per file (about 1 ms, as much as a file op).
# Args: --dir DIR [--trials N] [--files N] [--size-bytes N] [--tool auto|fio|fallback (ignored: no fio needed)]
# Events: start, per trial sample create_per_s, stat_per_s, read_per_s, delete_per_s and progress; result, end.

vb_sf_create() { # N files of S bytes in the current directory, from the random buffer; then sync
  if [ "$vb_split" = 1 ]; then
    vb_run split -b "$VB_SIZE_BYTES" -a 5 "$vb_buf" f. || vb_die tool-failed 1 "split failed creating files in $VB_WORK"
  else
    vb_j=0
    while [ $vb_j -lt "$VB_FILES" ]; do
      vb_run dd if="$vb_buf" of="f.$vb_j" bs="$VB_SIZE_BYTES" count=1 skip=$vb_j 2>/dev/null || vb_die tool-failed 1 "dd failed creating files in $VB_WORK"
      vb_j=$((vb_j + 1))
    done
  fi
  vb_sync .
}

vb_small_files_main() {
  vb_init small-files "$@"
  : "${VB_FILES:=2000}" "${VB_SIZE_BYTES:=4096}"
  vb_positive '--files and --size-bytes' "$VB_FILES" "$VB_SIZE_BYTES"
  vb_start "{\"files\":$VB_FILES,\"sizeBytes\":$VB_SIZE_BYTES,\"trials\":$VB_TRIALS}"
  # the random buffer plus the files, each taking at least one 4 KiB block
  vb_need=$(awk -v n="$VB_FILES" -v s="$VB_SIZE_BYTES" 'BEGIN { b = (s < 4096) ? 4096 : s; printf "%.0f", (n * s + n * b) / 1048576 + 1 }')
  vb_check_space "$vb_need" "$VB_FILES files of $VB_SIZE_BYTES bytes and their source buffer"
  vb_mkwork
  vb_buf="$VB_WORK/random.bin"
  vb_run dd if=/dev/urandom of="$vb_buf" bs="$VB_SIZE_BYTES" count="$VB_FILES" 2>/dev/null || vb_die tool-failed 1 "dd could not read /dev/urandom"
  vb_sync_init "$VB_WORK"
  vb_split=0; command -v split >/dev/null 2>&1 && vb_split=1
  vb_settle
  vb_c=''; vb_s=''; vb_r=''; vb_d=''; vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    mkdir "$VB_WORK/tree" && cd "$VB_WORK/tree" || vb_die tool-failed 1 "cannot create $VB_WORK/tree"
    vb_sync . # untimed: the buffer and the last trial's deletes are on disk before the clock starts
    vb_t0=$(vb_now); vb_sf_create; vb_t1=$(vb_now)
    vb_run_quiet find . -size +0 || vb_die tool-failed 1 "find failed in $VB_WORK/tree"
    vb_t2=$(vb_now)
    vb_run_quiet find . -type f -exec cat {} + || vb_die tool-failed 1 "reading the files failed in $VB_WORK/tree"
    vb_t3=$(vb_now)
    vb_got=$(find . -type f | wc -l | tr -d ' ')
    [ "$vb_got" = "$VB_FILES" ] || vb_die tool-failed 1 "expected $VB_FILES files in $VB_WORK/tree, found $vb_got"
    cd "$VB_WORK" || vb_die tool-failed 1 "cannot enter $VB_WORK"
    vb_t4=$(vb_now); vb_run rm -rf tree; vb_t5=$(vb_now)
    [ -e tree ] && vb_die tool-failed 1 "rm -rf could not delete $VB_WORK/tree"
    vb_v=$(vb_rate "$VB_FILES" "$vb_t0" "$vb_t1"); vb_sample $vb_i create_per_s "$vb_v"; vb_c="$vb_c $vb_v"
    vb_v=$(vb_rate "$VB_FILES" "$vb_t1" "$vb_t2"); vb_sample $vb_i stat_per_s "$vb_v"; vb_s="$vb_s $vb_v"
    vb_v=$(vb_rate "$VB_FILES" "$vb_t2" "$vb_t3"); vb_sample $vb_i read_per_s "$vb_v"; vb_r="$vb_r $vb_v"
    vb_v=$(vb_rate "$VB_FILES" "$vb_t4" "$vb_t5"); vb_sample $vb_i delete_per_s "$vb_v"; vb_d="$vb_d $vb_v"
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  if [ $vb_split = 1 ]; then vb_how="create: split -b $VB_SIZE_BYTES (one process writes the $VB_FILES files)"
  else vb_how='create: one dd process per file (split not found, so process start-up is included)'; fi
  vb_result sh '' \
    "$vb_how from a buffer of random (incompressible) data, then $VB_SYNC_NAME, timed together (after an untimed one, so no earlier writes are counted); stat: find -size (one lstat per file); read: find -exec cat (open, read, close each file, right after creating them, as after a checkout); delete: rm -rf; clock $VB_CLOCK_NAME" \
    "{\"files\":$VB_FILES,\"sizeBytes\":$VB_SIZE_BYTES,\"trials\":$VB_TRIALS}" \
    "cd $VB_WORK/tree && split -b $VB_SIZE_BYTES -a 5 $vb_buf f. && sync$([ "$VB_SYNCF" = 1 ] && echo ' -f .'); find . -size +0 >/dev/null; find . -type f -exec cat {} + >/dev/null; cd .. && rm -rf tree" \
    "{\"create_per_s\":$(vb_stat_json "$vb_c"),\"stat_per_s\":$(vb_stat_json "$vb_s"),\"read_per_s\":$(vb_stat_json "$vb_r"),\"delete_per_s\":$(vb_stat_json "$vb_d")}"
  vb_finish
}

vb_small_files_main "$@"
