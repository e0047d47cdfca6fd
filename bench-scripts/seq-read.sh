# seq-read: sequential read throughput of a file just written, in MB/s (10^6 bytes/s), with
# direct I/O, or after dropping the page cache when O_DIRECT is refused.
# Args: --dir DIR [--trials N] [--size-mib N] [--bs-kib N] [--max-s N (0 = no cap)] [--tool auto|fio|fallback]
# Events: start, warmup, per trial tool-output (fio JSON) or sample read_MBps (dd), progress; result, end.

vb_cache_note() { # how the page cache was kept out of a buffered trial (sets vb_cache)
  if vb_drop_caches; then vb_cache='page cache dropped before each trial (sync; echo 3 > /proc/sys/vm/drop_caches)'
  else vb_cache='page cache could NOT be dropped (not root), reads may be served from memory'; fi
}

vb_seq_read_fio() {
  VB_FILE="$VB_WORK/seq-read.dat"; vb_fio_file
  if vb_fio_direct_ok; then vb_direct=1; else vb_direct=0; fi
  vb_cap=''; vb_capm=''
  if [ "$VB_MAX_S" -gt 0 ]; then vb_cap=" --runtime=$VB_MAX_S"; vb_capm=", a trial stops after $VB_MAX_S s if not done"; fi
  VB_OUT="$VB_WORK/prepare.json"
  vb_fio_exec "fio --name=prepare --thread --filename=\"\$VB_FIO_FILE\" --rw=write --bs=1m --size=${VB_SIZE_MIB}m --ioengine=psync --direct=$vb_direct --end_fsync=1 --refill_buffers --randrepeat=0 --eta=never --output-format=json --output=\"\$VB_OUT\""
  rm -f "$VB_OUT"
  vb_cmd="fio --name=seq-read --thread --filename=\"\$VB_FIO_FILE\" --rw=read --bs=${VB_BS_KIB}k --size=${VB_SIZE_MIB}m --ioengine=psync --direct=$vb_direct --invalidate=1 --randrepeat=0$vb_cap --eta=never --output-format=json --output=\"\$VB_OUT\""
  vb_emit "{\"event\":\"warmup\",\"test\":\"$VB_TEST\"}"
  VB_OUT="$VB_WORK/warmup.json"; vb_fio_exec "$vb_cmd"; rm -f "$VB_OUT"
  vb_settle
  vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    [ $vb_direct = 1 ] || vb_cache_note
    VB_OUT="$VB_WORK/trial-$vb_i.json"
    vb_fio_exec "$vb_cmd"; vb_fio_emit $vb_i; rm -f "$VB_OUT"
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  if [ $vb_direct = 1 ]; then vb_how='direct=1 (O_DIRECT, the page cache is bypassed)'; vb_tf=true
  else vb_how="buffered (this filesystem refused O_DIRECT), invalidate=1, $vb_cache"; vb_tf=false; fi
  VB_OUT="$VB_WORK/trial-1.json"
  vb_result fio "$VB_FIO_VERSION" \
    "fio rw=read bs=${VB_BS_KIB}k ioengine=psync $vb_how; a $VB_SIZE_MIB MiB file of random data written and flushed first$vb_capm; 1 warm-up pass discarded" \
    "{\"sizeMiB\":$VB_SIZE_MIB,\"bsKiB\":$VB_BS_KIB,\"trials\":$VB_TRIALS,\"maxS\":$VB_MAX_S,\"direct\":$vb_tf,\"ioengine\":\"psync\"}" \
    "$(vb_show_cmd "$vb_cmd")"
}

vb_dd_read() { # one read pass of $VB_FILE (iflag=direct when vb_direct=1)
  if [ $vb_direct = 1 ]; then vb_run_quiet dd if="$VB_FILE" of=/dev/null bs=1048576 iflag=direct 2>/dev/null
  else vb_run_quiet dd if="$VB_FILE" of=/dev/null bs=1048576 2>/dev/null; fi || vb_die tool-failed 1 "dd failed reading $VB_FILE"
}

vb_seq_read_dd() {
  VB_FILE="$VB_WORK/seq-read.dat"
  vb_dd_prepare; vb_dd_write
  if vb_run_quiet dd if="$VB_FILE" of=/dev/null bs=1048576 count=1 iflag=direct 2>/dev/null; then vb_direct=1; else vb_direct=0; fi
  vb_emit "{\"event\":\"warmup\",\"test\":\"$VB_TEST\"}"
  vb_dd_read
  vb_settle
  vb_vals=''; vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    [ $vb_direct = 1 ] || vb_cache_note
    vb_t0=$(vb_now); vb_dd_read; vb_t1=$(vb_now)
    vb_v=$(vb_rate "$(awk -v m="$VB_SIZE_MIB" 'BEGIN { printf "%.6f", m * 1.048576 }')" "$vb_t0" "$vb_t1")
    vb_sample $vb_i read_MBps "$vb_v"; vb_vals="$vb_vals $vb_v"
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  if [ $vb_direct = 1 ]; then vb_how='dd bs=1M iflag=direct (fio not found; O_DIRECT, the page cache is bypassed)'; vb_iflag=' iflag=direct'; vb_tf=true
  else vb_how="dd bs=1M (fio not found; this dd or filesystem has no O_DIRECT), $vb_cache"; vb_iflag=''; vb_tf=false; fi
  vb_result dd '' \
    "$vb_how; a $VB_SIZE_MIB MiB file of random data written and flushed first; 1 warm-up pass discarded; clock $VB_CLOCK_NAME" \
    "{\"sizeMiB\":$VB_SIZE_MIB,\"bsKiB\":1024,\"trials\":$VB_TRIALS,\"direct\":$vb_tf}" \
    "dd if=$VB_FILE of=/dev/null bs=1048576$vb_iflag" "{\"read_MBps\":$(vb_stat_json "$vb_vals")}"
}

vb_seq_read_main() {
  vb_init seq-read "$@"
  : "${VB_SIZE_MIB:=256}" "${VB_BS_KIB:=1024}" "${VB_MAX_S:=0}"
  vb_positive '--size-mib and --bs-kib' "$VB_SIZE_MIB" "$VB_BS_KIB"
  vb_start "{\"sizeMiB\":$VB_SIZE_MIB,\"bsKiB\":$VB_BS_KIB,\"trials\":$VB_TRIALS,\"maxS\":$VB_MAX_S,\"tool\":\"$VB_TOOL\"}"
  vb_check_space "$VB_SIZE_MIB" "a $VB_SIZE_MIB MiB test file"
  if vb_use_fio 'sequential reads'; then vb_mkwork; vb_seq_read_fio; else vb_mkwork; vb_seq_read_dd; fi
  vb_finish
}

vb_seq_read_main "$@"
