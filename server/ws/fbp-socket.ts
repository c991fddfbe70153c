import { type WebSocket } from 'ws';
import { type FbpMessage, type FbpRuntime } from '../fbp-runtime';
import { type BearerAuth, type RequestBudget } from '../http';
import { type Logger } from '../logger';

/** What an FBP protocol connection needs besides its socket. */
export interface FbpSocketOptions {
  runtime: FbpRuntime;
  auth: BearerAuth;
  budget: RequestBudget;
  logger: Logger;
  /** The client's address: the key of its request budget and of its wrong-secret count. */
  address: string | undefined;
}

/**
 * Carries the FBP Network Protocol over one WebSocket (subprotocol `noflo`): each text frame is one JSON
 * message for the runtime, each runtime message one frame back. `network:start` counts against the client's
 * request budget, as starting a workflow over HTTP does.
 */
export function serveFbpSocket(ws: WebSocket, options: FbpSocketOptions): void {
  const send = (message: FbpMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const client = options.runtime.connect(send, {
    checkSecret: (secret) => options.auth.verifySecret(secret, options.address)?.error.message,
  });
  ws.on('message', (data, isBinary) => {
    void (async () => {
      let message: unknown;
      try {
        message = JSON.parse(isBinary ? '' : data.toString());
      } catch {
        return send({ protocol: 'runtime', command: 'error', payload: { message: 'A message must be JSON text' } });
      }
      const { protocol, command } = (message ?? {}) as { protocol?: unknown; command?: unknown };
      if (protocol === 'network' && command === 'start') {
        const verdict = await options.budget.take(options.address);
        if (!verdict.ok) return send({ protocol: 'network', command: 'error', payload: { message: verdict.error.message } });
      }
      await client.receive(message);
    })().catch((error: unknown) => options.logger.error({ err: error }, 'An FBP protocol message failed'));
  });
  ws.on('close', () => client.close());
}
