/**
 * Where the service tests run and what the engine sets up around their scripts, so that inside a
 * guest they measure the path a developer's traffic takes:
 *   net   once per target (the guest place; natively: native). The engine runs an iperf3 server on
 *         THIS machine bound to 127.0.0.1; the client runs in the target and connects to the address
 *         under which the target reaches the host's loopback (Transport.hostAddress: 127.0.0.1 natively
 *         and with host networking, 10.0.2.2 through QEMU user-mode networking, host.docker.internal
 *         from a Docker Desktop container). tx = target -> host, rx = host -> target (net.sh).
 *   redis once per target (the guest place): TCP 127.0.0.1 and a unix socket in the same guest; where
 *         the transport can start a peer (docker: a second container of the same image) also
 *         "remote": redis-benchmark in the target against redis-server in the peer.
 *   http  in every place (nginx serves from the place's folder, wrk in the same guest on its loopback).
 * The path measured is appended to the result's method.
 */
import type { MsgRef, Place, TestError, TestId } from '../../contract/contract.js';
import { msg } from '../../messages/finding-text.js';
import { englishOf, withEnglish } from '../../messages/message-english.js';
import { whyOf } from '../util/errors.js';
import type { PeerRequest, Transport } from '../transports/types.js';
import { HostServerError, startHostIperf3 } from './host-iperf3.js';
import { SERVICE_TESTS } from '../transports/bench-scripts.js';
export { servicePlaces } from '../../measurement/plan-estimate.js';

/** Whether a test is a service test (it needs a network: net, redis, http). */
export function isServiceTest(test: TestId): boolean {
  return (SERVICE_TESTS as readonly string[]).includes(test);
}

/** What surrounds one service step: extra script arguments, the path for the method, errors of optional parts, cleanup. */
export interface ServiceSetup {
  args: string[];
  /** Appended to the result's method: which path was measured. */
  path?: string;
  /** Errors of a part that could not run while the rest does (redis across two containers). */
  errors: TestError[];
  release(): Promise<void>;
}

/** A service step that cannot run at all; `code` and `ref` (its English `message` derived) become the step's error. */
export class ServiceSetupError extends Error {
  constructor(
    readonly code: string,
    readonly ref: MsgRef,
  ) {
    super(englishOf(ref));
    this.name = 'ServiceSetupError';
  }
}

/** redis-server in a peer: no persistence; protected mode unless it listens beyond loopback on a private bridge. */
export function redisPeerRequest(signal: AbortSignal): PeerRequest {
  return {
    name: 'redis',
    argv: (bind, port) => [
      'redis-server',
      '--bind',
      bind,
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'no',
      '--protected-mode',
      bind === '127.0.0.1' ? 'yes' : 'no',
    ],
    readyArgv: (port) => ['redis-cli', '-h', '127.0.0.1', '-p', String(port), 'ping'],
    signal,
  };
}

const nothing = async (): Promise<void> => undefined;

/** Sets up what a service step needs (host iperf3 server, redis peer); throws ServiceSetupError when the step cannot run. */
export async function setupServiceStep(transport: Transport, label: string | MsgRef, test: TestId, place: Place, signal: AbortSignal): Promise<ServiceSetup> {
  if (test === 'net') {
    const host = transport.hostAddress?.();
    if (!host) {
      throw new ServiceSetupError('unsupported', msg('errors.service.netNoPath', { target: label }));
    }
    try {
      const server = await startHostIperf3(signal);
      return {
        args: ['--connect', `${host.address}:${server.port}`],
        path: `measured path: ${host.path}; the server is iperf3${server.version ? ` ${server.version}` : ''} on this machine, bound to 127.0.0.1:${server.port}`,
        errors: [],
        release: server.stop,
      };
    } catch (err) {
      if (err instanceof HostServerError) throw new ServiceSetupError(err.code, err.ref);
      throw err;
    }
  }
  if (test === 'redis' && transport.startPeer && place !== 'native') {
    try {
      const peer = await transport.startPeer(redisPeerRequest(signal));
      return { args: ['--remote', `${peer.host}:${peer.port}`], path: `remote = ${peer.path}`, errors: [], release: peer.stop };
    } catch (err) {
      if (signal.aborted) throw new ServiceSetupError('cancelled', msg('errors.service.cancelled'));
      const code = (err as { code?: unknown } | null)?.code;
      return {
        args: [],
        errors: [
          { test, place, code: typeof code === 'string' ? code : 'peer-failed', ...withEnglish(msg('errors.service.redisPeer', { error: whyOf(err) })) },
        ],
        release: nothing,
      };
    }
  }
  return { args: [], errors: [], release: nothing };
}
