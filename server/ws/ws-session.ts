import { type RawData, type WebSocket } from 'ws';
import { type ClientMessage, ClientMessageSchema, type ServerMessage } from '../../contract';
import { AppError } from '../errors';
import { EventFollower, type Logger } from '../executions';
import { type AppServices, pathText } from '../http';
import { failureFields } from './failure-reply';

const CLIENT_MESSAGE_TYPES = new Set<string>(ClientMessageSchema.options.map((option) => option.shape.type.value));

/** Close code sent to a subscriber that fell too far behind. */
export const SLOW_CONSUMER_CLOSE_CODE = 4008;

/** Options of one WebSocket session. */
export interface WsSessionOptions {
  services: AppServices;
  logger: Logger;
  /** A subscriber whose unsent data exceeds this is closed. */
  maxBufferedBytes: number;
}

function closeReason(executionId: string, lastSeq: number): string {
  const reason = `slow consumer: last_seq=${lastSeq} execution_id=${executionId}`;
  return Buffer.byteLength(reason) <= 123 ? reason : `slow consumer: last_seq=${lastSeq}`;
}

/** One client connection on `/ws`: parses every frame, answers it, and streams the events it subscribed to. */
export class WsSession {
  private readonly subscriptions = new Map<string, EventFollower>();

  constructor(
    private readonly socket: WebSocket,
    private readonly options: WsSessionOptions,
  ) {
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.on('close', () => this.dispose());
    socket.on('error', (error) => options.logger.debug({ err: error }, 'WebSocket error'));
  }

  private send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    let json: unknown;
    try {
      json = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
    } catch {
      return this.send({ type: 'error', success: false, error: 'Frame is not valid JSON', code: 'VALIDATION_FAILED' });
    }
    const parsed = ClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: pathText(i.path) || '(frame)', message: i.message }));
      const type = typeof json === 'object' && json !== null && 'type' in json ? (json as { type: unknown }).type : undefined;
      const error = typeof type === 'string' && !CLIENT_MESSAGE_TYPES.has(type)
        ? `Unknown message type '${type}'`
        : `Invalid message: ${details[0]?.path}: ${details[0]?.message}`;
      return this.send({ type: 'error', success: false, error, code: 'VALIDATION_FAILED', details });
    }
    void this.handle(parsed.data);
  }

  private async handle(message: ClientMessage): Promise<void> {
    const { request_id } = message;
    switch (message.type) {
      case 'start_workflow':
        try {
          const { execution } = this.options.services.executions.start(message.data, { source: 'websocket' });
          return this.send({ type: 'workflow_started', success: true, execution_id: execution.id, request_id });
        } catch (error) {
          return this.send({ type: 'workflow_started', execution_id: message.data.metadata?.execution_id, ...failureFields(error), request_id });
        }
      case 'subscribe_workflow':
        try {
          this.subscribe(message.execution_id, message.from_seq ?? 1, request_id);
          return;
        } catch (error) {
          return this.send({ type: 'subscription_ack', execution_id: message.execution_id, ...failureFields(error), request_id });
        }
      case 'unsubscribe_workflow': {
        const follower = this.subscriptions.get(message.execution_id);
        if (!follower) {
          const error = new AppError('NOT_FOUND', `Not subscribed to execution '${message.execution_id}'`);
          return this.send({ type: 'unsubscription_ack', execution_id: message.execution_id, ...failureFields(error), request_id });
        }
        follower.stop();
        this.subscriptions.delete(message.execution_id);
        return this.send({ type: 'unsubscription_ack', success: true, execution_id: message.execution_id, request_id });
      }
      case 'cancel_workflow':
        try {
          const execution = await this.options.services.executions.cancel(message.execution_id);
          return this.send({ type: 'workflow_cancelled', success: true, execution_id: execution.id, request_id });
        } catch (error) {
          return this.send({ type: 'workflow_cancelled', execution_id: message.execution_id, ...failureFields(error), request_id });
        }
    }
  }

  private subscribe(executionId: string, fromSeq: number, requestId: string | undefined): void {
    this.options.services.executions.get(executionId);
    this.subscriptions.get(executionId)?.stop();
    this.send({ type: 'subscription_ack', success: true, execution_id: executionId, request_id: requestId });
    const follower = new EventFollower(this.options.services.executions, executionId, {
      fromSeq,
      deliver: (events) => {
        for (const event of events) {
          this.send({ type: 'network_event', execution_id: executionId, event, timestamp: Date.now() });
        }
        if (this.socket.bufferedAmount > this.options.maxBufferedBytes) {
          this.socket.close(SLOW_CONSUMER_CLOSE_CODE, closeReason(executionId, follower.lastDeliveredSeq));
          this.dispose();
        }
        return 'continue';
      },
      onComplete: () => {
        if (this.subscriptions.get(executionId) === follower) this.subscriptions.delete(executionId);
      },
    });
    this.subscriptions.set(executionId, follower);
  }

  private dispose(): void {
    for (const follower of this.subscriptions.values()) follower.stop();
    this.subscriptions.clear();
  }
}
