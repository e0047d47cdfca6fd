#!/bin/sh
# Puts the two guest images the docker-transport tests use into a Docker daemon, without any registry:
#   vmbench-guest:local        the one Debian bookworm minbase tree of scripts/build-guest-rootfs.sh (fio, the
#                              service-test tools iperf3, redis-server + redis-tools, nginx-light, wrk, and
#                              inotify-tools; the libvirt test guest is built from the same debootstrap), docker import
#   vmbench-guest-nofio:local  BusyBox only (the host's static busybox): no fio and no setsid, to test fallbacks
# Both are cached as one `docker save` tarball in $VMBENCH_TEST_CACHE (default /var/cache/vmbench-test),
# keyed by the sha256 of this script and build-guest-rootfs.sh, so a fresh dockerd only loads them (seconds) instead of rebuilding.
# Usage (root, non-interactive): DOCKER_HOST=unix:///path/docker.sock scripts/build-test-image.sh
#        scripts/build-test-image.sh --deps   only installs what is missing (docker.io, debootstrap, busybox-static)
# Prints one "build-test-image: ..." line per step; the last line is "build-test-image: ready KEY".
set -eu

log() { echo "build-test-image: $*"; }
die() { echo "build-test-image: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap and docker import need it)"

# --deps: only install what the tests and the build need (dockerd, debootstrap, a static busybox).
install_missing() {
  need=""
  command -v dockerd >/dev/null 2>&1 || need="$need docker.io"
  command -v debootstrap >/dev/null 2>&1 || need="$need debootstrap"
  { [ -x /bin/busybox ] && ! ldd /bin/busybox >/dev/null 2>&1; } || need="$need busybox-static"
  [ -n "$need" ] || return 0
  log "installing$need"
  export DEBIAN_FRONTEND=noninteractive
  # Keep package scripts from starting services; the tests start their own dockerd.
  policy=/usr/sbin/policy-rc.d
  created_policy=""
  if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && created_policy=1; fi
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  # shellcheck disable=SC2086
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $need >/dev/null
  [ -z "$created_policy" ] || rm -f "$policy"
}
if [ "${1:-}" = --deps ]; then
  install_missing
  log "dependencies present"
  exit 0
fi
[ -n "${DOCKER_HOST:-}" ] || die "set DOCKER_HOST to the daemon to load the images into (unix:///...)"

SELF=$(readlink -f "$0")
HERE=$(dirname "$SELF")
KEY=$(cat "$SELF" "$HERE/build-guest-rootfs.sh" | sha256sum | cut -c1-16)
CACHE=${VMBENCH_TEST_CACHE:-/var/cache/vmbench-test}
TARBALL="$CACHE/vmbench-guest-$KEY.tar"
FIO_IMAGE=vmbench-guest:local
NOFIO_IMAGE=vmbench-guest-nofio:local
LABEL=dev.vmbench.test-key

image_key() { docker image inspect --format "{{index .Config.Labels \"$LABEL\"}}" "$1" 2>/dev/null || true; }
present() { [ "$(image_key "$FIO_IMAGE")" = "$KEY" ] && [ "$(image_key "$NOFIO_IMAGE")" = "$KEY" ]; }

command -v docker >/dev/null 2>&1 || die "the docker CLI is missing (apt-get install docker.io)"
docker version --format '{{.Server.Version}}' >/dev/null 2>&1 || die "no Docker daemon answers on $DOCKER_HOST"

if present; then
  log "images already in the daemon"
  log "ready $KEY"
  exit 0
fi

mkdir -p "$CACHE"
# One builder at a time (two test runs on one machine share the cache).
exec 9>"$CACHE/.lock"
flock -w 1800 9 || die "another build held $CACHE/.lock for 30 minutes"

if [ -s "$TARBALL" ]; then
  log "loading cached images from $TARBALL"
  docker load -q -i "$TARBALL" >/dev/null
  present || die "$TARBALL did not contain both images with key $KEY; delete it and run again"
  log "ready $KEY"
  exit 0
fi

install_missing
ldd /bin/busybox >/dev/null 2>&1 && die "/bin/busybox is not statically linked (install busybox-static)"

WORK=$(mktemp -d "$CACHE/build.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM
started=$(date +%s)
ROOTFS=$(sh "$HERE/build-guest-rootfs.sh" | tail -n 1)
[ -s "$ROOTFS" ] || die "build-guest-rootfs.sh made no tree"
log "importing $FIO_IMAGE from $ROOTFS"
docker import \
  --change "LABEL $LABEL=$KEY" --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["/bin/sh"]' "$ROOTFS" "$FIO_IMAGE" >/dev/null

log "assembling $NOFIO_IMAGE from the host's static busybox (every applet except setsid)"
BB="$WORK/busybox"
mkdir -p "$BB/bin" "$BB/tmp" "$BB/etc" "$BB/proc" "$BB/sys" "$BB/dev"
chmod 1777 "$BB/tmp"
cp /bin/busybox "$BB/bin/busybox"
for applet in $(/bin/busybox --list); do
  case $applet in busybox | setsid) continue ;; esac
  ln -s busybox "$BB/bin/$applet"
done
echo 'root:x:0:0:root:/root:/bin/sh' >"$BB/etc/passwd"
echo 'root:x:0:' >"$BB/etc/group"
tar -C "$BB" --numeric-owner -c . | docker import \
  --change "LABEL $LABEL=$KEY" --change 'ENV PATH=/bin' --change 'CMD ["/bin/sh"]' - "$NOFIO_IMAGE" >/dev/null

log "saving both images to $TARBALL"
docker save -o "$WORK/images.tar" "$FIO_IMAGE" "$NOFIO_IMAGE"
mv "$WORK/images.tar" "$TARBALL"
# Older keys belong to older versions of this script.
find "$CACHE" -maxdepth 1 -name 'vmbench-guest-*.tar' ! -name "vmbench-guest-$KEY.tar" -delete
present || die "the images are not in the daemon after the build"
log "built in $(($(date +%s) - started)) s"
log "ready $KEY"
