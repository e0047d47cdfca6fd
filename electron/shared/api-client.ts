/**
 * The client side of the contract, dependency-free: shared by the Electron preload and the web
 * client so both build the same `VmbenchApi` from a typed invoke (a drift fails to compile).
 */
import type { ErrorCode, Envelope, Invoke, MsgRef, Subscribe, VmbenchApi } from './contract.js';

/** Error thrown on the client side when a request answers `{ok:false}`. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The message as a reference into the errors catalogue, when the engine gave one (errorText renders it). */
    readonly ref?: MsgRef,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Builds the domain API from a typed invoke and an event subscription. */
export function bindApi(invoke: Invoke, subscribe: Subscribe): VmbenchApi {
  return {
    appInfo: () => invoke('app.info'),
    detect: () => invoke('detect'),
    cachedDetect: () => invoke('detect.cached'),
    startRun: (spec) => invoke('run.start', spec),
    cancel: (jobId) => invoke('run.cancel', jobId),
    enough: (jobId) => invoke('run.enough', jobId),
    estimateRun: (req) => invoke('run.estimate', req),
    listRuns: () => invoke('runs.list'),
    getRun: (id) => invoke('runs.get', id),
    annotateRun: (id, a) => invoke('runs.annotate', id, a),
    deleteRun: (id) => invoke('runs.delete', id),
    compare: (a, b) => invoke('runs.compare', a, b),
    teamTable: (ids) => invoke('runs.team', ids),
    exportTeam: (ids, format, lang) => (lang ? invoke('runs.teamExport', ids, format, lang) : invoke('runs.teamExport', ids, format)),
    importRuns: (files, opts) => (opts ? invoke('runs.import', files, opts) : invoke('runs.import', files)),
    exportRun: (id, format, lang) => (lang ? invoke('runs.export', id, format, lang) : invoke('runs.export', id, format)),
    exportComparison: (a, b, format, lang) => (lang ? invoke('runs.exportCompare', a, b, format, lang) : invoke('runs.exportCompare', a, b, format)),
    renderCard: (req) => invoke('card.render', req),
    planApply: (id) => invoke('advice.plan', id),
    applyFinding: (id) => invoke('advice.apply', id),
    restartRuntime: (id) => invoke('runtime.restart', id),
    startRuntime: (id) => invoke('runtime.start', id),
    onEvent: (cb) => subscribe(cb),
  };
}

/** Unwraps an envelope, throwing ApiError on failure. */
export function unwrap<T>(env: Envelope<T>): T {
  if (env.ok) return env.value;
  throw new ApiError(env.error.code, env.error.message, env.error.ref);
}
