# http: static files served by an nginx of its own on 127.0.0.1 from DIR, measured with wrk (requests/s, latency p50/p99 in ms),
# twice per trial: GET of one 64 KiB random file ("static"), and a small site ("site": a wrk Lua request() that cycles
# through small/1.html .. small/N.html, N = --files, so every request opens another small file, as a web app's pages do).
# The site, nginx's config, pid, logs and temp paths all live in the work dir; nginx (daemon off) is stopped in the trap.
# Args: --dir DIR [--trials N] [--runtime-s N (default 3, per wrk run)] [--clients N (connections, default 16)] [--files N (default 200)] [--port N]
#       [--timeout-s N (wrk's per-request time-out, default 2; the engine raises it for an emulated guest)]
# Events: start, per trial two tool-outputs (the JSON line of wrk's Lua done(), "kind":"static" then "kind":"site"), progress; result, end.

VB_PORT=''; VB_CLIENTS=''; VB_TIMEOUT_S=''
vb_flags port clients timeout-s

vb_http_site() { # the site: static.bin (64 KiB random) + small/NNN.html
  mkdir -p "$VB_WORK/site/small" "$VB_WORK/tmp" || vb_die tool-failed 1 "cannot create the site in $VB_WORK"
  vb_run dd if=/dev/urandom of="$VB_WORK/site/static.bin" bs=1024 count=64 2>/dev/null || vb_die tool-failed 1 "dd could not read /dev/urandom"
  vb_f=1
  while [ $vb_f -le "$VB_FILES" ]; do
    printf '<!doctype html><title>page %s</title><p>%s</p>\n' $vb_f "$(printf '%0900d' $vb_f)" >"$VB_WORK/site/small/$vb_f.html"
    vb_f=$((vb_f + 1))
  done
}

vb_http_conf() { # PORT: writes nginx.conf (paths quoted; temp paths only for the modules this nginx has)
  vb_v=$(nginx -V 2>&1)
  vb_tmp="    client_body_temp_path \"$VB_WORK/tmp/body\";"
  for vb_m in proxy fastcgi uwsgi scgi; do
    case $vb_v in *"--without-http_${vb_m}_module"*) ;; *) vb_tmp="$vb_tmp
    ${vb_m}_temp_path \"$VB_WORK/tmp/$vb_m\";" ;; esac
  done
  vb_user=''; [ "$(id -u 2>/dev/null)" = 0 ] && vb_user='user root;' # workers must read DIR, which may be private
  cat >"$VB_WORK/nginx.conf" <<EOF
daemon off;
$vb_user
worker_processes 1;
pid "$VB_WORK/nginx.pid";
error_log "$VB_WORK/error.log" warn;
events { worker_connections 1024; }
http {
    access_log off;
$vb_tmp
    default_type application/octet-stream;
    sendfile on;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$1;
        root "$VB_WORK/site";
    }
}
EOF
}

vb_http_server() { # starts nginx (retries other ports when one is taken)
  vb_try=1
  while :; do
    vb_port=${VB_PORT:-$(vb_random_port)}
    vb_http_conf "$vb_port"
    vb_server_start "$VB_WORK/nginx.out" nginx -p "$VB_WORK" -e "$VB_WORK/error.log" -c "$VB_WORK/nginx.conf"
    vb_server_wait "[ -s '$VB_WORK/nginx.pid' ]" 10 && return 0
    vb_server_stop
    [ -n "$VB_PORT" ] || [ $vb_try -ge 5 ] && vb_die tool-failed 1 "nginx did not start on 127.0.0.1:$vb_port: $(cat "$VB_WORK/nginx.out" "$VB_WORK/error.log" 2>/dev/null | tail -n 2 | tr '\n' ' ')"
    vb_try=$((vb_try + 1))
  done
}

vb_http_lua() { # the wrk scripts: static.lua (plain GET) and site.lua (cycles the small pages); done() prints one JSON line
  # done() is shared (a Lua long string, so no shell quoting inside); vb_kind names the measurement in the report
  vb_done='done = function(summary, latency, requests)
  local s = summary.duration / 1e6
  local e = summary.errors
  io.write(string.format([[{"requests":%d,"duration_s":%.6f,"bytes":%d,"req_per_s":%.3f,"lat_p50_ms":%.3f,"lat_p99_ms":%.3f,"lat_mean_ms":%.3f,"lat_max_ms":%.3f,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},"kind":"%s"}]] .. "\n",
    summary.requests, s, summary.bytes, summary.requests / s, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency.mean / 1000, latency.max / 1000, e.connect, e.read, e.write, e.status, e.timeout, vb_kind))
end'
  printf 'vb_kind = "static"\n%s\n' "$vb_done" >"$VB_WORK/static.lua"
  cat >"$VB_WORK/site.lua" <<EOF
vb_kind = "site"
local pages, reqs, i = $VB_FILES, {}, 0
init = function(args)
  for p = 1, pages do reqs[p] = wrk.format("GET", "/small/" .. p .. ".html") end
end
request = function()
  i = i % pages + 1
  return reqs[i]
end
$vb_done
EOF
}

vb_http_wrk() { # TRIAL KIND URL: one wrk run with KIND.lua, its JSON line emitted as tool-output
  VB_OUT="$VB_WORK/wrk-$1-$2.txt"
  vb_run_quiet sh -c 'o=$1; shift; exec "$@" >"$o" 2>&1' sh "$VB_OUT" wrk --latency -t 2 -c "$VB_CLIENTS" -d "${VB_RUNTIME_S}s" --timeout "${VB_TIMEOUT_S}s" -s "$VB_WORK/$2.lua" "$3"
  vb_st=$?
  vb_data=$(grep '^{"requests"' "$VB_OUT" 2>/dev/null | tail -n 1)
  [ -n "$vb_data" ] || vb_die tool-failed 1 "wrk ($2) failed (exit $vb_st): $(tail -n 3 "$VB_OUT" 2>/dev/null | tr '\n' ' ')"
  vb_emit "{\"event\":\"tool-output\",\"test\":\"$VB_TEST\",\"trial\":$1,\"tool\":\"wrk\",\"format\":\"json\",\"data\":$vb_data}"
  rm -f "$VB_OUT"
}

vb_http_main() {
  vb_init http "$@"
  : "${VB_RUNTIME_S:=3}" "${VB_CLIENTS:=16}" "${VB_FILES:=200}" "${VB_TIMEOUT_S:=2}"
  vb_positive '--runtime-s, --clients, --files and --timeout-s' "$VB_RUNTIME_S" "$VB_CLIENTS" "$VB_FILES" "$VB_TIMEOUT_S"
  [ "$VB_CLIENTS" -ge 2 ] || vb_die usage 2 "--clients must be at least 2 (wrk runs 2 threads)"
  vb_start "{\"trials\":$VB_TRIALS,\"runtimeS\":$VB_RUNTIME_S,\"clients\":$VB_CLIENTS,\"files\":$VB_FILES,\"timeoutS\":$VB_TIMEOUT_S,\"port\":${VB_PORT:-null}}"
  for vb_c in nginx wrk; do
    command -v $vb_c >/dev/null 2>&1 || vb_die tool-missing 4 "$vb_c not found in this target: install nginx and wrk (apt-get install nginx-light wrk / apk add nginx wrk / dnf install nginx wrk / brew install nginx wrk) to measure HTTP"
  done
  vb_ver=$(wrk -v 2>&1 | head -n 1 | awk '{ print $2 }')
  vb_ngx=$(nginx -v 2>&1 | sed -n 's|.*nginx/\([^ ]*\).*|\1|p')
  vb_check_space 16 "the site: a 64 KiB file and $VB_FILES small files"
  vb_mkwork
  vb_http_site; vb_http_lua; vb_http_server
  vb_url="http://127.0.0.1:$vb_port/static.bin"
  vb_site="http://127.0.0.1:$vb_port/"
  vb_i=1
  while [ $vb_i -le "$VB_TRIALS" ]; do
    vb_http_wrk $vb_i static "$vb_url"
    vb_http_wrk $vb_i site "$vb_site"
    vb_progress $vb_i
    vb_i=$((vb_i + 1))
  done
  vb_wrk="wrk --latency -t 2 -c $VB_CLIENTS -d ${VB_RUNTIME_S}s --timeout ${VB_TIMEOUT_S}s"
  vb_result wrk "$vb_ver" \
    "per trial two wrk runs, each wrk --latency, 2 threads, $VB_CLIENTS keep-alive connections, $VB_RUNTIME_S s, a request unanswered after $VB_TIMEOUT_S s counted as an error, against nginx $vb_ngx (sendfile on, access log off) serving from $VB_DIR over 127.0.0.1: static = GET of one 64 KiB random file (req_per_s, lat_p50_ms, lat_p99_ms); site = a Lua request() cycling through $VB_FILES small pages small/1.html .. small/$VB_FILES.html of about 1 KB (site_req_per_s, site_lat_p50_ms, site_lat_p99_ms); latency percentiles from wrk's histogram via a Lua done()" \
    "{\"trials\":$VB_TRIALS,\"runtimeS\":$VB_RUNTIME_S,\"clients\":$VB_CLIENTS,\"threads\":2,\"timeoutS\":$VB_TIMEOUT_S,\"files\":$VB_FILES,\"fileKiB\":64,\"sitePages\":$VB_FILES}" \
    "nginx -p WORK -c WORK/nginx.conf; $vb_wrk -s WORK/static.lua $vb_url; $vb_wrk -s WORK/site.lua $vb_site (request() cycles small/1.html .. small/$VB_FILES.html)"
  vb_finish
}

vb_http_main "$@"
