# net: TCP throughput with iperf3, both directions, in Mbit/s (10^6 bit/s), bits received per second.
# Two modes:
#   own server (default): starts its own iperf3 server on 127.0.0.1 (a free port, or --port) and measures this
#     target's loopback; the server is stopped in the trap.
#   --connect HOST:PORT: starts no server; the iperf3 client in this target connects to a server that is already
#     listening there (vmbench runs it on the host, bound to the host's 127.0.0.1, and passes the address under
#     which this target reaches the host's loopback: 127.0.0.1 natively or with host networking, 10.0.2.2 through
#     QEMU user-mode networking, host.docker.internal from a Docker Desktop container).
# Directions (the same in both modes): the iperf3 client always runs in this target.
#   tx = a normal run: the client sends, this target -> server (inside a guest: guest -> host)
#   rx = -R: the server sends, server -> this target (inside a guest: host -> guest)
# Args: --dir DIR [--trials N] [--runtime-s N (per direction, default 3)] [--streams N (default 1)] [--port N | --connect HOST:PORT]
# Events: start, per trial and direction tool-output (iperf3 -J; "reverse":1 in start.test_start is rx), progress; result, end.

VB_PORT=''; VB_STREAMS=''; VB_HOST=''
vb_flags port streams
vb_extra_arg() {
  case $1 in
    --connect) vb_host_port --connect "$2"; VB_HOST=$VB_HP_HOST; VB_PORT=$VB_HP_PORT ;;
    *) return 1 ;;
  esac
}

vb_net_server() { # starts iperf3 -s on 127.0.0.1 (retries other ports when one is taken)
  vb_try=1
  while :; do
    vb_port=${VB_PORT:-$(vb_random_port)}
    vb_server_start "$VB_WORK/iperf3-server.log" iperf3 -s -B 127.0.0.1 -p "$vb_port" --forceflush
    vb_server_wait "grep -q 'listening' '$VB_WORK/iperf3-server.log'" 5 && return 0
    vb_server_stop
    [ -n "$VB_PORT" ] || [ $vb_try -ge 5 ] && vb_die tool-failed 1 "iperf3 server did not start on 127.0.0.1:$vb_port: $(tail -n 2 "$VB_WORK/iperf3-server.log" 2>/dev/null | tr '\n' ' ')"
    vb_try=$((vb_try + 1))
  done
}

# iperf3's server runs one test at a time and answers "the server is busy running a test" to a client that
# connects while it has not yet wound down the previous one: on a loaded machine the next trial's client can
# get there first (the server handles a new connection before the last message of the test that just ended).
# When the client's first bytes arrive before that answer, the server's close resets the connection and the
# client says "unable to receive control message: Connection reset by peer" instead. The server is this run's
# own, so either can only be that: the trial waits a second and tries again (10 times).
VB_NET_BUSY_TRIES=10

vb_net_trial() { # TRIAL [-R]: one iperf3 client run, emitted as tool-output
  VB_OUT="$VB_WORK/iperf3-$1$2.json"
  vb_busy=0
  while :; do
    vb_run_capped $((VB_RUNTIME_S + 20)) sh -c 'exec "$@" >"$0"' "$VB_OUT" iperf3 -c "$vb_host" -p "$vb_port" -J -O 1 -t "$VB_RUNTIME_S" -P "$VB_STREAMS" --connect-timeout 3000 $2
    vb_st=$?
    vb_data=$(awk '{ sub(/^[ \t]+/, ""); sub(/[ \t\r]+$/, ""); printf "%s", $0 }' "$VB_OUT" 2>/dev/null)
    case $vb_data in *'"error":'*'server is busy'* | *'"error":'*'unable to receive control message'*) ;; *) break ;; esac
    vb_busy=$((vb_busy + 1))
    [ $vb_busy -lt $VB_NET_BUSY_TRIES ] || break
    vb_log "trial $1${2:+ $2}: the iperf3 server at $vb_host:$vb_port is still busy with the previous test (it said: $(printf '%s' "$vb_data" | sed 's/.*"error":[^"]*"\([^"]*\)".*/\1/' | head -c 200)); trying again in 1 s"
    vb_run_quiet sleep 1
  done
  case $vb_data in
    '{'*'"end"'*) ;;
    *) vb_die tool-failed 1 "iperf3 client failed (exit $vb_st): $(printf '%s' "$vb_data" | head -c 300)" ;;
  esac
  case $vb_data in *'"error":'*) vb_die tool-failed 1 "iperf3 reported an error: $(printf '%s' "$vb_data" | sed 's/.*"error":"\([^"]*\)".*/\1/' | head -c 300)" ;; esac
  vb_emit "{\"event\":\"tool-output\",\"test\":\"$VB_TEST\",\"trial\":$1,\"tool\":\"iperf3\",\"format\":\"json\",\"data\":$vb_data}"
  rm -f "$VB_OUT"
}

vb_net_main() {
  vb_init net "$@"
  : "${VB_RUNTIME_S:=3}" "${VB_STREAMS:=1}"
  vb_positive '--runtime-s and --streams' "$VB_RUNTIME_S" "$VB_STREAMS"
  vb_start "{\"trials\":$VB_TRIALS,\"runtimeS\":$VB_RUNTIME_S,\"streams\":$VB_STREAMS,\"port\":${VB_PORT:-null},\"connect\":$(vb_jstr_or_null "${VB_HOST:+$VB_HOST:$VB_PORT}")}"
  command -v iperf3 >/dev/null 2>&1 || vb_die tool-missing 4 "iperf3 not found in this target: install iperf3 (apt-get install iperf3 / apk add iperf3 / dnf install iperf3 / brew install iperf3) to measure TCP throughput"
  vb_ver=$(iperf3 --version </dev/null 2>/dev/null | head -n 1 | awk '{ print $2 }')
  vb_mkwork
  if [ -n "$VB_HOST" ]; then
    vb_host=$VB_HOST; vb_port=$VB_PORT
    vb_how="iperf3 TCP from this target to an iperf3 server already listening at $vb_host:$vb_port (no server started here)"
    vb_cmd="iperf3 -c $vb_host -p $vb_port -J -O 1 -t $VB_RUNTIME_S -P $VB_STREAMS [-R]"
  else
    vb_host=127.0.0.1
    vb_net_server
    vb_how="iperf3 TCP over 127.0.0.1 (the loopback of this target)"
    vb_cmd="iperf3 -s -B 127.0.0.1 -p $vb_port; iperf3 -c 127.0.0.1 -p $vb_port -J -O 1 -t $VB_RUNTIME_S -P $VB_STREAMS [-R]"
  fi
  vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    vb_net_trial $vb_i ''
    vb_net_trial $vb_i -R
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  vb_result iperf3 "$vb_ver" \
    "$vb_how, $VB_STREAMS stream(s), $VB_RUNTIME_S s per direction after a 1 s omitted ramp (-O 1); the client runs in this target: tx = client->server (this target sends), rx = -R (server->client, this target receives); bits received per second" \
    "{\"trials\":$VB_TRIALS,\"runtimeS\":$VB_RUNTIME_S,\"streams\":$VB_STREAMS}" \
    "$vb_cmd"
  vb_finish
}

vb_net_main "$@"
