# rand-write: 4k random writes at queue depth 32, flushed (IOPS, MB/s, completion-latency percentiles).
# Needs fio: there is no honest sh fallback, so without fio it reports tool-missing.
# Args: --dir DIR [--trials N] [--size-mib N] [--runtime-s N] [--ramp-s N] [--iodepth N] [--bs-kib N] [--tool auto|fio|fallback]
# Events: start, per trial tool-output (fio JSON) and progress; result, end (or error tool-missing, end).

vb_rand_write_main() {
  vb_init rand-write "$@"
  : "${VB_SIZE_MIB:=256}" "${VB_RUNTIME_S:=10}" "${VB_RAMP_S:=2}" "${VB_IODEPTH:=32}" "${VB_BS_KIB:=4}"
  vb_positive '--size-mib, --runtime-s, --iodepth and --bs-kib' "$VB_SIZE_MIB" "$VB_RUNTIME_S" "$VB_IODEPTH" "$VB_BS_KIB"
  vb_start "{\"sizeMiB\":$VB_SIZE_MIB,\"runtimeS\":$VB_RUNTIME_S,\"rampS\":$VB_RAMP_S,\"iodepth\":$VB_IODEPTH,\"bsKiB\":$VB_BS_KIB,\"trials\":$VB_TRIALS,\"tool\":\"$VB_TOOL\"}"
  vb_check_space "$VB_SIZE_MIB" "a $VB_SIZE_MIB MiB test file"
  vb_use_fio 'random writes' nofallback
  vb_mkwork
  VB_FILE="$VB_WORK/rand-write.dat"; vb_fio_file
  if vb_fio_direct_ok; then vb_direct=1; else vb_direct=0; fi
  # An asynchronous engine keeps iodepth requests in flight: libaio needs O_DIRECT for that,
  # posixaio (macOS, or buffered) works without; psync is the last resort (depth 1).
  vb_engine=psync
  if [ $vb_direct = 1 ] && vb_fio_has_engine libaio; then vb_engine=libaio
  elif vb_fio_has_engine posixaio; then vb_engine=posixaio; fi
  vb_qd=" --iodepth=$VB_IODEPTH"; vb_qdm="iodepth=$VB_IODEPTH"
  if [ $vb_engine = psync ]; then vb_qd=''; vb_qdm='iodepth=1 (no asynchronous engine in this fio)'; fi
  # The file is written once before the trials, so that they overwrite allocated blocks (not a new, sparse file's).
  VB_OUT="$VB_WORK/prepare.json"
  vb_fio_exec "fio --name=prepare --thread --filename=\"\$VB_FIO_FILE\" --rw=write --bs=1m --size=${VB_SIZE_MIB}m --ioengine=psync --direct=$vb_direct --end_fsync=1 --refill_buffers --randrepeat=0 --eta=never --output-format=json --output=\"\$VB_OUT\""
  rm -f "$VB_OUT"
  vb_cmd="fio --name=rand-write --thread --filename=\"\$VB_FIO_FILE\" --rw=randwrite --bs=${VB_BS_KIB}k --size=${VB_SIZE_MIB}m --ioengine=$vb_engine$vb_qd --direct=$vb_direct --end_fsync=1 --fsync_on_close=1 --randrepeat=0 --norandommap --time_based --runtime=$VB_RUNTIME_S --ramp_time=$VB_RAMP_S --percentile_list=50:70:90:95:99 --eta=never --output-format=json --output=\"\$VB_OUT\""
  vb_settle
  vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    VB_OUT="$VB_WORK/trial-$vb_i.json"
    vb_fio_exec "$vb_cmd"; vb_fio_emit $vb_i; rm -f "$VB_OUT"
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  if [ $vb_direct = 1 ]; then vb_how='direct=1 (O_DIRECT)'; vb_tf=true; else vb_how='buffered (this filesystem refused O_DIRECT)'; vb_tf=false; fi
  vb_result fio "$VB_FIO_VERSION" \
    "fio rw=randwrite bs=${VB_BS_KIB}k ioengine=$vb_engine $vb_qdm $vb_how end_fsync=1 fsync_on_close=1 (each trial's writes flushed), randrepeat=0 norandommap, overwriting a $VB_SIZE_MIB MiB file of random data written before the trials; time_based runtime=${VB_RUNTIME_S}s after a discarded ramp_time=${VB_RAMP_S}s; latency = completion latency (clat) percentiles" \
    "{\"sizeMiB\":$VB_SIZE_MIB,\"runtimeS\":$VB_RUNTIME_S,\"rampS\":$VB_RAMP_S,\"iodepth\":$VB_IODEPTH,\"bsKiB\":$VB_BS_KIB,\"trials\":$VB_TRIALS,\"direct\":$vb_tf,\"ioengine\":\"$vb_engine\"}" \
    "$(vb_show_cmd "$vb_cmd")"
  vb_finish
}

vb_rand_write_main "$@"
