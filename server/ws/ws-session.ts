import { type Duplex } from 'node:stream';
import { type RawData, type WebSocket } from 'ws';
import { type ClientMessage, ClientMessageSchema, type ServerMessage } from '../../contract';
import { type AuditAction, STATUS_OF_ERROR, joinPath } from '../../model';
import { AppError } from '../errors';
import { type EngineEvent } from '../engine';
import { EventFollower } from '../executions';
import { type Caller, type GraphSizeLimits, type RequestBudget, checkJsonShape, scopeRefusal } from '../guards';
import { type AppServices } from '../transport';
import { failureFields } from './failure-reply';
import { IDLE_CLOSE_CODE, IdleTimer } from './idle-timer';
import { type Logger } from '../logger';

const CLIENT_MESSAGE_TYPES = new Set<string>(ClientMessageSchema.options.map((option) => option.shape.type.value));

/** The replies that acknowledge one request each. */
type AckType = Extract<ServerMessage['type'], 'workflow_started' | 'subscription_ack' | 'unsubscription_ack' | 'workflow_cancelled'>;

/** Close code sent to a subscriber that fell too far behind. */
const SLOW_CONSUMER_CLOSE_CODE = 4008;

/** Options of one WebSocket session. */
export interface WsSessionOptions {
  services: AppServices;
  logger: Logger;
  /** A subscriber whose unsent data exceeds this is closed. */
  maxBufferedBytes: number;
  /** The largest graph a `start_workflow` frame may carry. */
  graphLimits: GraphSizeLimits;
  /** The connection under the WebSocket, corked while a batch of events is sent. */
  transport?: Duplex;
  /** The per-client budget HTTP requests count against too; starts and cancels take from it. */
  budget: RequestBudget;
  /** The client's address, the key of its budget. */
  address: string | undefined;
  /** A session with no subscription that sends nothing for this long is closed. */
  idleTimeoutMs: number;
  /** Who opened the socket: starts and cancels need its `run` scope. */
  caller: Caller;
}

function closeReason(executionId: string, lastSeq: number): string {
  const reason = `slow consumer: last_seq=${lastSeq} execution_id=${executionId}`;
  return Buffer.byteLength(reason) <= 123 ? reason : `slow consumer: last_seq=${lastSeq}`;
}

/** One client connection on `/ws`: parses every frame, answers it, and streams the events it subscribed to. */
export class WsSession {
  private readonly subscriptions = new Map<string, EventFollower>();
  private readonly idle: IdleTimer;

  constructor(
    private readonly socket: WebSocket,
    private readonly options: WsSessionOptions,
  ) {
    this.idle = new IdleTimer({
      timeoutMs: options.idleTimeoutMs,
      busy: () => this.subscriptions.size > 0,
      onIdle: () => {
        this.socket.close(IDLE_CLOSE_CODE, 'idle: no subscription and no message');
        this.dispose();
      },
    });
    socket.on('message', (data, isBinary) => {
      this.idle.touch();
      this.onFrame(data, isBinary);
    });
    socket.on('close', () => this.dispose());
    socket.on('error', (error) => options.logger.debug({ err: error }, 'WebSocket error'));
    this.idle.touch();
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
    const shape = checkJsonShape(json, 'Frame', this.options.graphLimits);
    if (!shape.ok) return this.send({ type: 'error', ...failureFields(shape.error) });
    const parsed = ClientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const details = parsed.error.issues.map((i) => ({ path: joinPath('', ...i.path) || '(frame)', message: i.message }));
      const type = typeof json === 'object' && json !== null && 'type' in json ? (json as { type: unknown }).type : undefined;
      const error =
        typeof type === 'string' && !CLIENT_MESSAGE_TYPES.has(type)
          ? `Unknown message type '${type}'`
          : `Invalid message: ${details[0]?.path}: ${details[0]?.message}`;
      // A frame that names its request gets the refusal paired with it, so that the client's call ends.
      const given = typeof json === 'object' && json !== null ? (json as { request_id?: unknown }).request_id : undefined;
      const request_id = typeof given === 'string' && given.length <= 128 ? given : undefined;
      return this.send({ type: 'error', success: false, error, code: 'VALIDATION_FAILED', details, request_id });
    }
    void this.handle(parsed.data);
  }

  private async handle(message: ClientMessage): Promise<void> {
    const { request_id } = message;
    const { executions } = this.options.services;
    const { tenant } = this.options.caller;
    if (message.type === 'start_workflow' || message.type === 'cancel_workflow') {
      const forbidden = scopeRefusal(this.options.caller, 'run', message.type);
      if (forbidden !== undefined) {
        this.audit(
          message.type === 'start_workflow' ? 'execution.start' : 'execution.cancel',
          message.type === 'cancel_workflow' ? message.execution_id : null,
          403,
        );
        return this.send({ type: 'error', ...failureFields(forbidden), request_id });
      }
      const verdict = await this.options.budget.take(this.options.address);
      if (!verdict.ok) return this.send({ type: 'error', ...failureFields(verdict.error), retry_after: verdict.retryAfterSeconds, request_id });
    }
    switch (message.type) {
      case 'start_workflow':
        return this.reply(
          'workflow_started',
          request_id,
          message.data.metadata?.execution_id,
          async () => (await executions.startDurably(message.data, { source: 'websocket', tenant })).execution.id,
          undefined,
          'execution.start',
        );
      case 'subscribe_workflow':
        return this.reply(
          'subscription_ack',
          request_id,
          message.execution_id,
          async () => (await executions.get(message.execution_id, tenant)).id,
          (id) => this.follow(id, message.from_seq ?? 1),
        );
      case 'unsubscribe_workflow':
        return this.reply('unsubscription_ack', request_id, message.execution_id, () => this.unsubscribe(message.execution_id));
      case 'cancel_workflow':
        return this.reply(
          'workflow_cancelled',
          request_id,
          message.execution_id,
          async () => (await executions.cancel(message.execution_id, undefined, tenant)).id,
          undefined,
          'execution.cancel',
        );
    }
  }

  /**
   * Answers a request with its acknowledgement: success and the execution id `work` returns, or the failure
   * fields of what it threw. `afterAck` runs once a success is sent, so that no event overtakes its ack. A call
   * that changes state is recorded in the audit trail as `audited`, with the status its outcome has over HTTP.
   */
  private async reply(
    type: AckType,
    requestId: string | undefined,
    executionId: string | undefined,
    work: () => string | Promise<string>,
    afterAck?: (executionId: string) => void,
    audited?: AuditAction,
  ): Promise<void> {
    let id: string;
    try {
      id = await work();
    } catch (error) {
      const fields = failureFields(error);
      if (audited !== undefined) this.audit(audited, executionId ?? null, STATUS_OF_ERROR[fields.code]);
      return this.send({ type, execution_id: executionId, ...fields, request_id: requestId } as ServerMessage);
    }
    if (audited !== undefined) this.audit(audited, id, 200);
    this.send({ type, success: true, execution_id: id, request_id: requestId } as ServerMessage);
    afterAck?.(id);
  }

  private audit(action: AuditAction, target: string | null, outcome: number): void {
    const { actor, tenant } = this.options.caller;
    this.options.services.audit.record({ actor, action, target, address: this.options.address ?? null, outcome, channel: 'ws', tenant: tenant ?? null });
  }

  private unsubscribe(executionId: string): string {
    const follower = this.subscriptions.get(executionId);
    if (!follower) throw new AppError('NOT_FOUND', `Not subscribed to execution '${executionId}'`);
    follower.stop();
    this.subscriptions.delete(executionId);
    return executionId;
  }

  /** Executions this session follows whose logs are not all sent yet. */
  get openSubscriptions(): number {
    return this.subscriptions.size;
  }

  private follow(executionId: string, fromSeq: number): void {
    this.subscriptions.get(executionId)?.stop();
    const follower = new EventFollower(this.options.services.executions, executionId, {
      fromSeq,
      deliver: (events) => {
        if (this.socket.readyState === this.socket.OPEN) {
          // One write for the whole batch: a replay of 500 events is one system call instead of 500.
          const transport = this.options.transport;
          transport?.cork();
          try {
            for (const event of events) this.socket.send(networkEventFrame(executionId, event), TEXT_FRAME);
          } finally {
            transport?.uncork();
          }
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
    this.idle.stop();
    for (const follower of this.subscriptions.values()) follower.stop();
    this.subscriptions.clear();
  }
}

/** Sends a Buffer as a text frame, as the string it encodes would be sent. */
const TEXT_FRAME = { binary: false } as const;

// The subscribers of a run are sent the same event objects (the store shares what it parsed): each is
// serialised once, and its message encoded once per millisecond of sending (its `timestamp`), however many
// sockets it goes to; ws sends a Buffer as it is, where it would encode a string again for every socket.
const frames = new WeakMap<EngineEvent, { json: string; sentAt: number; frame: Buffer }>();

function networkEventFrame(executionId: string, event: EngineEvent): Buffer {
  const now = Date.now();
  let known = frames.get(event);
  if (known === undefined) {
    known = { json: JSON.stringify(event), sentAt: Number.NaN, frame: Buffer.alloc(0) };
    frames.set(event, known);
  }
  if (known.sentAt !== now) {
    known.frame = Buffer.from(`{"type":"network_event","execution_id":${JSON.stringify(executionId)},"event":${known.json},"timestamp":${now}}`);
    known.sentAt = now;
  }
  return known.frame;
}
