#!/bin/sh
# A private network + mount namespace for the Vagrant tests (docs/testing.md, "The network rule"; docs/vagrant-tests.md):
# vagrant-libvirt insists on a management network (192.168.121.0/24, DHCP by libvirt's dnsmasq)
# and SSHes to the guest's address on it. Run in the root namespace, that traffic would go to a
# private address on a host bridge, which the rule forbids; so libvirtd, its dnsmasq, the guest
# and vagrant itself all live in a namespace made here, and the host only sees a `vagrant` wrapper.
#
#   vagrant-netns.sh start DIR   makes DIR/{bin/vagrant,ns.pid,...}; prints DIR/bin on stdout
#   vagrant-netns.sh stop DIR    kills every process of the namespace (libvirtd, dnsmasq, QEMU, vagrant)
#
# Inside the namespace (`unshare --mount --net`): only a loopback interface to begin with; a tmpfs over
# /run (so /run/libvirt has this libvirtd's sockets, not the host's) and over /var/cache/libvirt;
# DIR/etc-libvirt over /etc/libvirt (a copy of the host's *.conf and nwfilter, no domains or networks,
# QEMU running as root so 9p passthrough shares work), DIR/lib-libvirt over /var/lib/libvirt and
# DIR/log over /var/log/libvirt. Every address vagrant-libvirt creates exists only in there.
# DIR/bin/vagrant runs /usr/bin/vagrant through `nsenter` in the caller's working directory, with the
# caller's environment (VAGRANT_HOME and the rest); DIR/bin/virsh and DIR/bin/ssh likewise (the product's
# Vagrant transport runs plain ssh with vagrant ssh-config's address). Needs root; never reads stdin.
set -eu

log() { echo "vagrant-netns: $*" >&2; }
die() { log "error: $*"; exit 1; }

[ $# -eq 2 ] || die "usage: $0 start|stop DIR"
cmd=$1
dir=$2
[ "$(id -u)" = 0 ] || die "must run as root (namespaces, mounts, libvirtd)"
exec </dev/null

ns_pids() { # every process whose network namespace is the one of DIR/ns.pid
  [ -f "$dir/ns.pid" ] || return 0
  ns=$(readlink "/proc/$(cat "$dir/ns.pid")/ns/net" 2>/dev/null) || return 0
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/ns/net" 2>/dev/null)" = "$ns" ] && echo "${p#/proc/}"
  done
  return 0
}

case $cmd in
  start)
    for c in unshare nsenter libvirtd virtlogd dnsmasq vagrant; do
      command -v $c >/dev/null 2>&1 || die "$c is not installed (scripts/setup-live.sh installs libvirt, dnsmasq-base and vagrant)"
    done
    mkdir -p "$dir/bin" "$dir/etc-libvirt" "$dir/lib-libvirt" "$dir/log"
    dir=$(cd "$dir" && pwd)
    cp /etc/libvirt/*.conf "$dir/etc-libvirt/"
    [ -d /etc/libvirt/nwfilter ] && cp -a /etc/libvirt/nwfilter "$dir/etc-libvirt/"
    printf '\n# vmbench test namespace\nuser = "root"\ngroup = "root"\nsecurity_driver = "none"\n' >>"$dir/etc-libvirt/qemu.conf"
    for d in images qemu boot dnsmasq network; do mkdir -p "$dir/lib-libvirt/$d"; done
    cat >"$dir/ns-init.sh" <<'EOF'
set -eu
dir=$1
echo $$ >"$dir/ns.pid.tmp"
ip link set lo up
mount -t tmpfs -o mode=755 tmpfs /run
mkdir -p /run/libvirt /run/lock
mount -t tmpfs tmpfs /var/cache/libvirt 2>/dev/null || { mkdir -p /var/cache/libvirt && mount -t tmpfs tmpfs /var/cache/libvirt; }
mount --bind "$dir/etc-libvirt" /etc/libvirt
mount --bind "$dir/lib-libvirt" /var/lib/libvirt
mkdir -p /var/log/libvirt && mount --bind "$dir/log" /var/log/libvirt
virtlogd -d
libvirtd -d
mv "$dir/ns.pid.tmp" "$dir/ns.pid"
exec sleep 2147483647
EOF
    setsid unshare --mount --net --propagation private sh "$dir/ns-init.sh" "$dir" >"$dir/ns.log" 2>&1 &
    i=0
    while [ ! -f "$dir/ns.pid" ]; do
      i=$((i + 1))
      [ $i -le 100 ] || { cat "$dir/ns.log" >&2; die "the namespace did not come up within 10 s (log above)"; }
      sleep 0.1
    done
    pid=$(cat "$dir/ns.pid")
    i=0
    until nsenter -t "$pid" -m -n -- virsh -c qemu:///system version >/dev/null 2>&1; do
      i=$((i + 1))
      [ $i -le 100 ] || { cat "$dir/ns.log" >&2; die "libvirtd in the namespace did not answer within 20 s"; }
      sleep 0.2
    done
    cat >"$dir/bin/vagrant" <<EOF
#!/bin/sh
# vagrant in the test namespace made by scripts/vagrant-netns.sh (libvirtd and the guest live there).
# For the tests' failure reports, each call is noted in calls.log: time, pid, caller, how many machines
# vagrant's machine index holds as it starts (vagrant-libvirt forgets a machine whose domain lookup
# fails once: this shows between which calls that happened), and the arguments.
n=\$(grep -o '"local_data_path"' "\${VAGRANT_HOME:-\$HOME/.vagrant.d}/data/machine-index/index" 2>/dev/null | wc -l)
echo "\$(date +%T.%N) pid=\$\$ ppid=\$PPID index=\$n \$*" >>"$dir/calls.log"
exec nsenter -t $pid -m -n --wd="\$PWD" -- /usr/bin/vagrant "\$@"
EOF
    cat >"$dir/bin/virsh" <<EOF
#!/bin/sh
# virsh against the test namespace's libvirtd (each call noted in calls.log, as vagrant's).
echo "\$(date +%T.%N) pid=\$\$ ppid=\$PPID virsh \$*" >>"$dir/calls.log"
exec nsenter -t $pid -m -n --wd="\$PWD" -- /usr/bin/virsh "\$@"
EOF
    cat >"$dir/bin/ssh" <<EOF
#!/bin/sh
# ssh in the test namespace: the product's Vagrant transport connects with the address vagrant ssh-config
# prints, which exists only in there (each call noted in calls.log, its arguments cut at 200 characters).
printf '%s pid=%s ppid=%s ssh %.200s\\n' "\$(date +%T.%N)" "\$\$" "\$PPID" "\$*" >>"$dir/calls.log"
exec nsenter -t $pid -m -n --wd="\$PWD" -- /usr/bin/ssh "\$@"
EOF
    chmod 755 "$dir/bin/vagrant" "$dir/bin/virsh" "$dir/bin/ssh"
    log "namespace up (holder pid $pid, libvirtd answering)"
    echo "$dir/bin"
    ;;
  stop)
    pids=$(ns_pids)
    [ -n "$pids" ] || { log "nothing running in the namespace"; exit 0; }
    # shellcheck disable=SC2086
    kill -TERM $pids 2>/dev/null || :
    i=0
    while [ -n "$(ns_pids)" ] && [ $i -lt 50 ]; do sleep 0.2; i=$((i + 1)); done
    pids=$(ns_pids)
    # shellcheck disable=SC2086
    [ -z "$pids" ] || kill -KILL $pids 2>/dev/null || :
    log "namespace stopped"
    ;;
  *) die "unknown command $cmd (start or stop)" ;;
esac
