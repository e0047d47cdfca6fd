// Makes sure the real tools the integration tests use are present: fio (the bench scripts'
// measuring tool), BusyBox (to run the scripts in BusyBox ash with BusyBox's own applets), and the
// service tools of net.sh / redis.sh / http.sh (iperf3, redis, nginx, wrk).
import { ensureCommands } from '../helpers/apt.js';

/** Installs fio, busybox-static, inotify-tools and the service tools when missing (as root), else fails with what to install. */
export default function setup(): void {
  ensureCommands('integration setup', [
    { command: 'fio', pkg: 'fio', why: 'the bench scripts measure disks with it' },
    { command: 'busybox', pkg: 'busybox-static', why: 'the bench scripts are tested in BusyBox ash' },
    { command: 'iperf3', pkg: 'iperf3', why: 'net.sh measures TCP throughput with it' },
    { command: 'redis-server', pkg: 'redis-server', why: 'redis.sh starts its own server' },
    { command: 'redis-benchmark', pkg: 'redis-tools', why: 'redis.sh measures with it' },
    { command: 'nginx', pkg: 'nginx-light', why: 'http.sh serves its site with it' },
    { command: 'wrk', pkg: 'wrk', why: 'http.sh measures with it' },
    { command: 'inotifywait', pkg: 'inotify-tools', why: 'watch.sh times file-change events with it' },
  ]);
}
