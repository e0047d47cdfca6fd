# probe: what this target is (OS, kernel, CPUs, memory, tools, mounted filesystems) and, with
# --dir, the filesystem type and free space of the directory the tests will write to.
# Linux (glibc, BusyBox) reads /proc; macOS uses sysctl, mount and df. Writes nothing.
# Args: [--dir DIR]     Events: probe, end.

vb_first_line() { sed -n '1p'; }
vb_tool_version() { # NAME: version number of a tool, "unknown" if unparsed, nothing if absent
  command -v "$1" >/dev/null 2>&1 || return 0
  case $1 in
    nginx) vb_o=$(nginx -v 2>&1 </dev/null) ;;
    *) vb_o=$("$1" --version 2>&1 </dev/null) ;;
  esac
  vb_o=$(printf '%s\n' "$vb_o" | sed -n 's/^[^0-9]*\([0-9][0-9]*\(\.[0-9][0-9]*\)*\).*/\1/p' | vb_first_line)
  printf '%s' "${vb_o:-unknown}"
}
vb_mount_table() { # "fstype<TAB>path" for every mount (/proc/mounts, else the mount command)
  if [ -r /proc/mounts ]; then
    awk '{ p = $2; gsub(/\\040/, " ", p); gsub(/\\011/, "\t", p); printf "%s\t%s\n", $3, p }' /proc/mounts
  else
    mount 2>/dev/null | awk '{
      line = $0; k = index(line, " on "); if (!k) next
      rest = substr(line, k + 4); q = 0; off = 0; tmp = rest
      while ((k = index(tmp, " (")) > 0) { q = off + k; off += k; tmp = substr(tmp, k + 1) }
      if (!q) next
      path = substr(rest, 1, q - 1); inner = substr(rest, q + 2)
      if ((t = index(path, " type ")) > 0) { fs = substr(path, t + 6); path = substr(path, 1, t - 1) }
      else { fs = inner; sub(/[,)].*/, "", fs) }
      printf "%s\t%s\n", fs, path }'
  fi
}
vb_mounts_json() { # the real filesystems of the mount table, as a JSON array
  vb_mount_table | awk -F '\t' "$VB_AWK_JESC"'
    BEGIN { split("proc sysfs cgroup cgroup2 devpts mqueue devtmpfs debugfs tracefs securityfs pstore bpf autofs hugetlbfs configfs fusectl binfmt_misc efivarfs rpc_pipefs nsfs selinuxfs ramfs devfs fdesc nullfs_pseudo fuse.lxcfs fuse.gvfsd-fuse fuse.portal", a, " ")
      for (i in a) skip[a[i]] = 1; printf "["; n = 0 }
    {
      fs = $1; p = $2
      if (fs in skip) next
      if (p ~ /^\/(proc|sys|dev)(\/|$)/ || p ~ /^\/snap\// || p ~ /^\/etc\/(hosts|hostname|resolv\.conf)$/) next
      if ((fs SUBSEP p) in seen) next
      seen[fs, p] = 1
      printf "%s{\"path\":%s,\"fstype\":%s}", (n++ ? "," : ""), jesc(p), jesc(fs)
    }
    END { printf "]" }'
}
vb_dir_fstype() { # DIR: fstype of the longest mount path containing DIR (the last one mounted wins)
  vb_canon=$(cd "$1" 2>/dev/null && pwd -P) || return 0
  vb_mount_table | VB_D=$vb_canon awk -F '\t' '
    { d = ENVIRON["VB_D"]; p = $2
      if (p == "/" || d == p || index(d, p "/") == 1) if (length(p) >= best) { best = length(p); fs = $1 } }
    END { printf "%s", fs }'
}

vb_probe_main() {
  VB_TEST=''
  vb_parse_args "$@"
  vb_os=$(uname -s)
  if [ -r /etc/os-release ]; then
    vb_pretty=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release | vb_first_line | sed 's/^"\(.*\)"$/\1/')
    [ -n "$vb_pretty" ] && vb_os="$vb_os $vb_pretty"
  elif command -v sw_vers >/dev/null 2>&1; then
    vb_os="$vb_os $(sw_vers -productName 2>/dev/null) $(sw_vers -productVersion 2>/dev/null)"
  fi
  vb_j="{\"event\":\"probe\",\"os\":$(vb_jstr "$vb_os"),\"kernel\":$(vb_jstr "$(uname -r)"),\"arch\":$(vb_jstr "$(uname -m)")"
  vb_cpus=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null)
  if ! vb_is_uint "$vb_cpus" && [ -r /proc/cpuinfo ]; then vb_cpus=$(grep -c '^processor' /proc/cpuinfo); fi
  vb_is_uint "$vb_cpus" && vb_j="$vb_j,\"cpus\":$vb_cpus"
  vb_model=''
  if [ -r /proc/cpuinfo ]; then
    vb_model=$(awk '/^(model name|Model|Hardware|cpu model)[ \t]*:/ { sub(/^[^:]*:[ \t]*/, ""); print; exit }' /proc/cpuinfo)
  fi
  if [ -z "$vb_model" ] && command -v lscpu >/dev/null 2>&1; then
    vb_model=$(lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | vb_first_line)
  fi
  [ -z "$vb_model" ] && vb_model=$(sysctl -n machdep.cpu.brand_string 2>/dev/null)
  [ -n "$vb_model" ] && vb_j="$vb_j,\"cpuModel\":$(vb_jstr "$vb_model")"
  if [ -r /proc/meminfo ]; then
    vb_mem=$(awk '/^MemTotal:/ { printf "%.0f", $2 / 1024 }' /proc/meminfo)
  else
    vb_mem=$(sysctl -n hw.memsize 2>/dev/null | awk '{ printf "%.0f", $1 / 1048576 }')
  fi
  vb_is_uint "$vb_mem" && vb_j="$vb_j,\"memMiB\":$vb_mem"
  if [ -n "$VB_DIR" ]; then
    if [ -d "$VB_DIR" ]; then
      vb_fs=$(vb_dir_fstype "$VB_DIR"); [ -n "$vb_fs" ] && vb_j="$vb_j,\"dirFsType\":$(vb_jstr "$vb_fs")"
      vb_free=$(vb_free_kib "$VB_DIR")
      vb_is_uint "$vb_free" && vb_j="$vb_j,\"freeMiB\":$((vb_free / 1024))"
    else
      vb_log "--dir $VB_DIR does not exist; dirFsType and freeMiB left out"
    fi
  fi
  vb_t=''
  for vb_tool in fio iperf3 redis-benchmark nginx wrk; do
    vb_t="$vb_t${vb_t:+,}\"$vb_tool\":$(vb_jstr_or_null "$(vb_tool_version "$vb_tool")")"
  done
  vb_emit "$vb_j,\"tools\":{$vb_t},\"mounts\":$(vb_mounts_json)}"
  vb_emit '{"event":"end"}'
}

vb_probe_main "$@"
