import { createServer } from 'node:net';

/** A TCP port free on this machine's 127.0.0.1 right now (the kernel's choice). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port on 127.0.0.1'))));
    });
  });
}
