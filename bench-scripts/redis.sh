# redis: requests per second of SET and GET against a redis-server of its own, over TCP (127.0.0.1) and a unix socket.
# Starts redis-server (no persistence: --save '' --appendonly no) with its files in the work dir; stops it in the trap.
# With --remote HOST:PORT it also measures, in each trial, a redis-server that is already running elsewhere (vmbench starts
# one in a second container of the same image) as transport "remote" (metrics set_rps_remote, get_rps_remote).
# Args: --dir DIR [--trials N] [--requests N (per command, default 20000)] [--clients N (default 16)] [--max-s N (cap per run, default 60)] [--port N] [--remote HOST:PORT]
# Events: start, per trial tool-output {"transport":"tcp"|"unix"|"remote","csv":"<redis-benchmark --csv>"} (tcp, unix, remote), progress; result, end.

VB_PORT=''; VB_REQUESTS=''; VB_CLIENTS=''; VB_REMOTE_HOST=''; VB_REMOTE_PORT=''
vb_flags port requests clients
vb_extra_arg() {
  case $1 in
    --remote) vb_host_port --remote "$2"; VB_REMOTE_HOST=$VB_HP_HOST; VB_REMOTE_PORT=$VB_HP_PORT ;;
    *) return 1 ;;
  esac
}

vb_redis_server() { # starts redis-server on 127.0.0.1 + the socket (retries other ports when one is taken)
  vb_try=1
  while :; do
    vb_port=${VB_PORT:-$(vb_random_port)}
    if [ -n "$vb_sock" ]; then
      vb_server_start "$VB_WORK/redis.log" redis-server --bind 127.0.0.1 --port "$vb_port" --unixsocket "$vb_sock" --unixsocketperm 700 \
        --save '' --appendonly no --dir "$VB_WORK" --daemonize no --protected-mode yes --logfile ''
    else
      vb_server_start "$VB_WORK/redis.log" redis-server --bind 127.0.0.1 --port "$vb_port" \
        --save '' --appendonly no --dir "$VB_WORK" --daemonize no --protected-mode yes --logfile ''
    fi
    vb_server_wait "grep -q 'Ready to accept connections' '$VB_WORK/redis.log'" 10 && return 0
    vb_server_stop
    [ -n "$VB_PORT" ] || [ $vb_try -ge 5 ] && vb_die tool-failed 1 "redis-server did not start on 127.0.0.1:$vb_port: $(tail -n 2 "$VB_WORK/redis.log" 2>/dev/null | tr '\n' ' ')"
    vb_try=$((vb_try + 1))
  done
}

vb_redis_bench() { # TRIAL TRANSPORT CONNECT_ARGS...: one redis-benchmark run, emitted as tool-output
  vb_tr=$1; vb_tp=$2; shift 2
  VB_OUT="$VB_WORK/bench-$vb_tr-$vb_tp.csv"
  vb_run_capped "$VB_CAP" sh -c 'o=$1; shift; exec "$@" >"$o"' sh "$VB_OUT" redis-benchmark "$@" --csv -t set,get -n "$VB_REQUESTS" -c "$VB_CLIENTS" -r 100000
  vb_st=$?
  grep -q '^"SET"' "$VB_OUT" 2>/dev/null && grep -q '^"GET"' "$VB_OUT" 2>/dev/null ||
    vb_die tool-failed 1 "redis-benchmark over $vb_tp failed (exit $vb_st): $(tail -n 3 "$VB_OUT" 2>/dev/null | tr '\n' ' ')"
  vb_emit "{\"event\":\"tool-output\",\"test\":\"$VB_TEST\",\"trial\":$vb_tr,\"tool\":\"redis-benchmark\",\"format\":\"json\",\"data\":{\"transport\":\"$vb_tp\",\"csv\":$(vb_jstr "$(cat "$VB_OUT")")}}"
  rm -f "$VB_OUT"
}

vb_redis_main() {
  vb_init redis "$@"
  : "${VB_REQUESTS:=20000}" "${VB_CLIENTS:=16}" "${VB_MAX_S:=60}"; VB_CAP=$VB_MAX_S # each redis-benchmark run is capped (it retries a refused connection forever)
  vb_positive '--requests and --clients' "$VB_REQUESTS" "$VB_CLIENTS"
  vb_start "{\"trials\":$VB_TRIALS,\"requests\":$VB_REQUESTS,\"clients\":$VB_CLIENTS,\"port\":${VB_PORT:-null},\"remote\":$(vb_jstr_or_null "${VB_REMOTE_HOST:+$VB_REMOTE_HOST:$VB_REMOTE_PORT}")}"
  for vb_c in redis-server redis-benchmark; do
    command -v $vb_c >/dev/null 2>&1 || vb_die tool-missing 4 "$vb_c not found in this target: install Redis (apt-get install redis-server redis-tools / apk add redis / dnf install redis / brew install redis) to measure it"
  done
  vb_ver=$(redis-server --version </dev/null 2>/dev/null | sed -n 's/.* v=\([^ ]*\).*/\1/p')
  vb_mkwork
  vb_sock="$VB_WORK/redis.sock"
  if [ ${#vb_sock} -gt 100 ]; then vb_log "the work dir path is too long for a unix socket (over 100 bytes): measuring TCP only"; vb_sock=''; fi
  vb_redis_server
  vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    vb_redis_bench $vb_i tcp -h 127.0.0.1 -p "$vb_port"
    [ -n "$vb_sock" ] && vb_redis_bench $vb_i unix -s "$vb_sock"
    [ -n "$VB_REMOTE_HOST" ] && vb_redis_bench $vb_i remote -h "$VB_REMOTE_HOST" -p "$VB_REMOTE_PORT"
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  vb_how='TCP over 127.0.0.1 and a unix socket'; [ -n "$vb_sock" ] || vb_how='TCP over 127.0.0.1 only (the socket path would be too long)'
  vb_rcmd=''
  if [ -n "$VB_REMOTE_HOST" ]; then
    vb_how="$vb_how, and remote: TCP to a redis-server already running at $VB_REMOTE_HOST:$VB_REMOTE_PORT (not started by this script)"
    vb_rcmd=" | -h $VB_REMOTE_HOST -p $VB_REMOTE_PORT"
  fi
  vb_result redis-benchmark "$vb_ver" \
    "redis-benchmark -t set,get, $VB_REQUESTS requests per command, $VB_CLIENTS clients, random keys (-r 100000), $vb_how, against a redis-server $vb_ver started for this test without persistence" \
    "{\"trials\":$VB_TRIALS,\"requests\":$VB_REQUESTS,\"clients\":$VB_CLIENTS}" \
    "redis-benchmark -h 127.0.0.1 -p $vb_port | -s SOCKET$vb_rcmd --csv -t set,get -n $VB_REQUESTS -c $VB_CLIENTS -r 100000"
  vb_finish
}

vb_redis_main "$@"
