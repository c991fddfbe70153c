import { type WebSocket } from 'ws';
import { type AuditTrail } from '../audit';
import { type FbpMessage, type FbpRuntime } from '../fbp-runtime';
import { type BearerAuth, type RequestBudget, scopeRefusal } from '../guards';
import { type Logger } from '../logger';
import { IDLE_CLOSE_CODE, IdleTimer } from './idle-timer';

/** Close code sent to an FBP protocol socket that showed no valid secret within its window. */
const UNAUTHORISED_CLOSE_CODE = 4001;

// A peer that does not answer the closing handshake is cut off after this, so that it holds no slot.
const CLOSE_GRACE_MS = 1000;

/** What an FBP protocol connection needs besides its socket. */
export interface FbpSocketOptions {
  runtime: FbpRuntime;
  auth: BearerAuth;
  budget: RequestBudget;
  logger: Logger;
  /** The client's address: the key of its request budget and of its wrong-secret count. */
  address: string | undefined;
  /** With tokens set, a socket that sends no message with a valid secret within this time is closed (4001). */
  authTimeoutMs: number;
  /** A socket that sends nothing while no network runs for this long is closed (4000), as `/ws` sessions are. */
  idleTimeoutMs: number;
  /** Where wrong secrets are recorded. */
  audit: AuditTrail;
}

/**
 * Carries the FBP Network Protocol over one WebSocket (subprotocol `noflo`): each text frame is one JSON
 * message for the runtime, each runtime message one frame back. When tokens are set, the socket must send a
 * message with a valid secret within `authTimeoutMs` (until then only `runtime:getruntime` is answered, with no
 * capabilities); from then on it follows the idle rule of `/ws`. `network:start` and each `runtime:packet` of
 * data (a set of them runs the graph) count against the client's request budget, as starting a workflow over
 * HTTP does.
 */
export function serveFbpSocket(ws: WebSocket, options: FbpSocketOptions): void {
  const send = (message: FbpMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const idle = new IdleTimer({
    timeoutMs: options.idleTimeoutMs,
    // Asked only once the time is up, in a later turn: the client is connected by then.
    busy: () => client.networkRunning,
    onIdle: () => closeSoon(ws, IDLE_CLOSE_CODE, 'idle: no network running and no message'),
  });
  let authorised = !options.auth.enabled;
  const window = authorised
    ? undefined
    : setTimeout(
        () => closeSoon(ws, UNAUTHORISED_CLOSE_CODE, `unauthorised: no valid secret within ${options.authTimeoutMs} ms`),
        options.authTimeoutMs,
      ).unref();
  if (authorised) idle.touch();
  const client = options.runtime.connect(send, {
    secretRequired: options.auth.enabled,
    checkSecret: (secret) => {
      const verdict = options.auth.checkSecret(secret, options.address);
      if (!verdict.ok) {
        if (verdict.error.code === 'UNAUTHORIZED') options.audit.recordRefusedCredential('fbp', options.address ?? null);
        return { allows: 'nothing', reason: verdict.error.message };
      }
      // The caller's tenant chooses the graphs the connection works on: those of no other tenant.
      const tenant = verdict.caller.tenant === undefined ? {} : { tenant: verdict.caller.tenant };
      const forbidden = scopeRefusal(verdict.caller, 'run', 'Changing graphs, networks and components');
      return forbidden === undefined
        ? { allows: 'everything', ...tenant }
        : { allows: 'watching', reason: `${forbidden.code}: ${forbidden.message}`, ...tenant };
    },
    onAuthorised: () => {
      if (authorised) return;
      authorised = true;
      clearTimeout(window);
      idle.touch();
    },
  });
  // Messages reach the runtime in the order they came, though the budget of one that starts runs is read
  // asynchronously: a begingroup sent before a data packet opens its group, an endgroup sent after it does not.
  // Only the hand-over is ordered; a message's own work (a run's start) does not hold the next one back.
  let handOver: Promise<void> = Promise.resolve();
  const failed = (error: unknown) => options.logger.error({ err: error }, 'An FBP protocol message failed');
  ws.on('message', (data, isBinary) => {
    if (authorised) idle.touch();
    handOver = handOver
      .then(async () => {
        let message: unknown;
        try {
          message = JSON.parse(isBinary ? '' : data.toString());
        } catch {
          return send({ protocol: 'runtime', command: 'error', payload: { message: 'A message must be JSON text' } });
        }
        if (authorised && startsRuns(message)) {
          const verdict = await options.budget.take(options.address);
          if (!verdict.ok) return send({ protocol: (message as { protocol: string }).protocol, command: 'error', payload: { message: verdict.error.message } });
        }
        client.receive(message).catch(failed);
      })
      .catch(failed);
  });
  // A frame ws refuses (too large, not UTF-8) closes the socket; without a listener its error would end the process.
  ws.on('error', (error) => options.logger.debug({ err: error }, 'FBP protocol socket error'));
  ws.on('close', () => {
    clearTimeout(window);
    idle.stop();
    client.close();
  });
}

// The messages that may start an execution.
function startsRuns(message: unknown): boolean {
  const { protocol, command, payload } = (message ?? {}) as { protocol?: unknown; command?: unknown; payload?: { event?: unknown } };
  return (protocol === 'network' && command === 'start') || (protocol === 'runtime' && command === 'packet' && payload?.event === 'data');
}

function closeSoon(ws: WebSocket, code: number, reason: string): void {
  ws.close(code, reason);
  setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
}
