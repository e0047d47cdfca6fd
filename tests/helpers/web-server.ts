// A real `vmbench web` server over a temp folder (a one-line page as the renderer, a fresh data
// folder) for the tests that talk HTTP or WebSocket to it; close() stops it and removes the folder.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, type Engine } from '../../electron/engine/api.js';
import { startWebServer, type WebServer } from '../../electron/web/server.js';

/** A started server with its engine, the Host header it answers to, and its temp folder. */
export interface TestWebServer {
  dir: string;
  engine: Engine;
  server: WebServer;
  host: string;
  close(): Promise<void>;
}

/** Starts a web server on a free loopback port over a temp folder named after `prefix`. */
export async function startTestWebServer(prefix: string): Promise<TestWebServer> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>vmbench</title>');
  const engine = createEngine({ dataDir: join(dir, 'data'), mode: 'web' });
  const server = await startWebServer(engine, { port: 0, rendererDir: dir });
  return {
    dir,
    engine,
    server,
    host: `127.0.0.1:${server.port}`,
    close: async () => {
      await server.close();
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
