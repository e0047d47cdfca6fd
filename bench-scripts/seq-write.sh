# seq-write: sequential write throughput with the flush timed, in MB/s (10^6 bytes/s).
# Args: --dir DIR [--trials N] [--size-mib N] [--bs-kib N] [--max-s N (0 = no cap)] [--tool auto|fio|fallback]
# Events: start, warmup, the warm-up pass as tool-output trial 0 (fio; shown as provisional, never counted), per trial tool-output (fio JSON) or sample write_MBps (dd), progress; result, end.

vb_seq_write_fio() {
  VB_FILE="$VB_WORK/seq-write.dat"; vb_fio_file
  if vb_fio_direct_ok; then vb_direct=1; vb_how='direct=1 (O_DIRECT)'; else vb_direct=0; vb_how='buffered (this filesystem refused O_DIRECT)'; fi
  vb_cap=''; vb_capm=''
  if [ "$VB_MAX_S" -gt 0 ]; then vb_cap=" --runtime=$VB_MAX_S"; vb_capm=", a trial stops after $VB_MAX_S s if not done"; fi
  vb_cmd="fio --name=seq-write --thread --filename=\"\$VB_FIO_FILE\" --rw=write --bs=${VB_BS_KIB}k --size=${VB_SIZE_MIB}m --ioengine=psync --direct=$vb_direct --end_fsync=1 --fallocate=none --refill_buffers --randrepeat=0$vb_cap --eta=never --output-format=json --output=\"\$VB_OUT\""
  vb_emit "{\"event\":\"warmup\",\"test\":\"$VB_TEST\"}"
  VB_OUT="$VB_WORK/warmup.json"; vb_fio_exec "$vb_cmd"; vb_fio_emit 0; rm -f "$VB_FILE" "$VB_OUT"
  vb_settle
  vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    VB_OUT="$VB_WORK/trial-$vb_i.json"
    vb_fio_exec "$vb_cmd"; vb_fio_emit $vb_i; rm -f "$VB_FILE" "$VB_OUT"
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  VB_OUT="$VB_WORK/trial-1.json"
  vb_tf=false; [ $vb_direct = 1 ] && vb_tf=true
  vb_result fio "$VB_FIO_VERSION" \
    "fio rw=write bs=${VB_BS_KIB}k ioengine=psync $vb_how end_fsync=1 (the final flush is timed), refill_buffers (incompressible data), fallocate=none, a new $VB_SIZE_MIB MiB file per trial$vb_capm; 1 warm-up pass discarded" \
    "{\"sizeMiB\":$VB_SIZE_MIB,\"bsKiB\":$VB_BS_KIB,\"trials\":$VB_TRIALS,\"maxS\":$VB_MAX_S,\"direct\":$vb_tf,\"ioengine\":\"psync\"}" \
    "$(vb_show_cmd "$vb_cmd")"
}

vb_seq_write_dd() {
  VB_FILE="$VB_WORK/seq-write.dat"
  vb_dd_prepare
  vb_emit "{\"event\":\"warmup\",\"test\":\"$VB_TEST\"}"
  vb_dd_write; rm -f "$VB_FILE"
  vb_settle
  vb_vals=''; vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    vb_t0=$(vb_now); vb_dd_write; vb_t1=$(vb_now)
    vb_v=$(vb_rate "$(awk -v m="$VB_SIZE_MIB" 'BEGIN { printf "%.6f", m * 1.048576 }')" "$vb_t0" "$vb_t1")
    vb_sample $vb_i write_MBps "$vb_v"; vb_vals="$vb_vals $vb_v"
    rm -f "$VB_FILE"; vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  if [ $vb_fsync = 1 ]; then vb_how='dd bs=1M conv=fsync'; else vb_how='dd bs=1M then sync (this dd has no conv=fsync)'; fi
  vb_result dd '' \
    "$vb_how (fio not found): buffered writes of random data (a ${vb_chunk} MiB block from /dev/urandom, repeated) into a new $VB_SIZE_MIB MiB file per trial, timed until flushed; 1 warm-up pass discarded; clock $VB_CLOCK_NAME" \
    "{\"sizeMiB\":$VB_SIZE_MIB,\"bsKiB\":1024,\"trials\":$VB_TRIALS,\"direct\":false}" \
    "$(vb_dd_write_cmd)" "{\"write_MBps\":$(vb_stat_json "$vb_vals")}"
}

vb_seq_write_main() {
  vb_init seq-write "$@"
  : "${VB_SIZE_MIB:=256}" "${VB_BS_KIB:=1024}" "${VB_MAX_S:=0}"
  vb_positive '--size-mib and --bs-kib' "$VB_SIZE_MIB" "$VB_BS_KIB"
  vb_start "{\"sizeMiB\":$VB_SIZE_MIB,\"bsKiB\":$VB_BS_KIB,\"trials\":$VB_TRIALS,\"maxS\":$VB_MAX_S,\"tool\":\"$VB_TOOL\"}"
  vb_check_space "$VB_SIZE_MIB" "a $VB_SIZE_MIB MiB test file"
  if vb_use_fio 'sequential writes'; then vb_mkwork; vb_seq_write_fio; else vb_mkwork; vb_seq_write_dd; fi
  vb_finish
}

vb_seq_write_main "$@"
