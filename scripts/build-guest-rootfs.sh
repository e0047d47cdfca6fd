#!/bin/sh
# The one Debian root filesystem of the live tests' guests, made with one debootstrap: the libvirt test
# guest (scripts/build-guest-image.sh, which adds its kernel modules, units and the vagrant user, and the
# Vagrant box built from it) and the Docker test image vmbench-guest:local (scripts/build-test-image.sh,
# which imports it as it is) both start from it. Bookworm minbase with systemd, the QEMU guest agent,
# sshd and sudo, fio and the service-test tools (iperf3, redis, nginx-light, wrk) and inotify-tools, and
# D-Bus: without it systemd-logind cannot run, so the guest agent's guest-shutdown (`shutdown -h -P +0`:
# "Failed to connect to bus") and ACPI's power button were both ignored, and every clean shutdown of a test
# guest (vmbench's libvirt restart) waited out its 60 s before the domain was powered off.
#
# Output (cached, reused while this script is unchanged): $VMBENCH_GUEST_CACHE (default
# /var/cache/vmbench-test)/rootfs-<first 16 hex of the sha256 of this script>.tar, a tarball of the tree
# (numeric owners, xattrs). Prints what it does on stderr and the tarball's path as the last line on
# stdout. Idempotent, one builder at a time (a lock in the cache), needs root, never reads stdin.
# Env: VMBENCH_GUEST_CACHE, VMBENCH_DEBIAN_MIRROR (default http://deb.debian.org/debian).
set -eu

log() { echo "build-guest-rootfs: $*" >&2; }
die() { log "error: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap, chroot)"
exec </dev/null

self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
key=$(sha256sum "$self" | cut -c1-16)
cache=${VMBENCH_GUEST_CACHE:-/var/cache/vmbench-test}
out=$cache/rootfs-$key.tar
mirror=${VMBENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}
packages=systemd-sysv,dbus,udev,kmod,qemu-guest-agent,fio,iperf3,redis-server,redis-tools,nginx-light,wrk,inotify-tools,openssh-server,sudo,ifupdown,isc-dhcp-client,procps,iproute2

if [ -s "$out" ]; then
  log "reusing $out"
  echo "$out"
  exit 0
fi
mkdir -p "$cache"
exec 9>"$cache/.rootfs.lock"
log "waiting for the build lock $cache/.rootfs.lock"
flock -w 1800 9 || die "another build held $cache/.rootfs.lock for 30 minutes"
if [ -s "$out" ]; then
  log "reusing $out (built meanwhile by another run)"
  echo "$out"
  exit 0
fi

if ! command -v debootstrap >/dev/null 2>&1; then
  log "installing on the host: debootstrap"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends debootstrap >&2 ||
    { apt-get -o DPkg::Lock::Timeout=600 update -qq >&2 && apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends debootstrap >&2; }
fi

work=$(mktemp -d "$cache/.rootfs-XXXXXX")
root=$work/root
# Never remove through a mount (debootstrap may bind-mount /dev, /proc, /sys into the tree).
cleanup() {
  for m in $(awk -v w="$work/" 'index($2, w) == 1 { print $2 }' /proc/mounts | sort -r); do umount -l "$m" 2>/dev/null || :; done
  if awk -v w="$work/" 'index($2, w) == 1 { f = 1 } END { exit !f }' /proc/mounts; then
    log "left $work in place: something is still mounted under it"
  else
    rm -rf --one-file-system "$work"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

mkdir -p "$cache/debs" "$root/usr/sbin"
# The packages' scripts must not start redis, nginx or sshd (on the host's network) during the build.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod +x "$root/usr/sbin/policy-rc.d"
log "debootstrap --variant=minbase bookworm from $mirror (a few minutes; packages cached in $cache/debs)"
t0=$(date +%s)
debootstrap --variant=minbase --cache-dir="$cache/debs" --include="$packages" bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 30 "$work/debootstrap.log" >&2; die "debootstrap failed (log above)"; }
rm -f "$root/usr/sbin/policy-rc.d"
for tool in fio iperf3 redis-server redis-benchmark nginx wrk inotifywait qemu-ga sshd sudo setsid; do
  chroot "$root" sh -c 'command -v "$1"' sh "$tool" >/dev/null || die "$tool is missing in the new root"
done
chroot "$root" fio --version >/dev/null || die "fio does not run in the new root"
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/* "$root"/tmp/* "$root"/var/log/*.log
log "debootstrap done in $(($(date +%s) - t0)) s; packing $out"
tar -C "$root" --numeric-owner --xattrs --xattrs-include='*' -cf "$work/rootfs.tar" .
mv "$work/rootfs.tar" "$out"
# Older trees belong to older versions of this script.
find "$cache" -maxdepth 1 -name 'rootfs-*.tar' ! -name "rootfs-$key.tar" -delete
echo "$out"
