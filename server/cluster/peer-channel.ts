import { randomUUID } from 'node:crypto';
import { type Redis } from 'ioredis';
import { type ConfigUpdateOutcome, type JsonObject } from '../engine';
import { AppError } from '../errors';
import { type ExecutionService, type PeerNodes } from '../executions';
import { type Logger } from '../logger';

/** A request from one node to the node that runs an execution. */
type PeerRequest =
  | { kind: 'cancel'; id: string; from: string; executionId: string; reason?: string }
  | { kind: 'config'; id: string; from: string; executionId: string; graphNodeId: string; config: JsonObject };

/** The answer to a {@link PeerRequest}, sent to the asking node's channel. */
type PeerReply = { id: string; ok: true; outcome?: ConfigUpdateOutcome } | { id: string; ok: false; message: string };

/** What a {@link PeerChannel} is built from. */
export interface PeerChannelOptions {
  namespace: string;
  nodeId: string;
  /** Publishes; a connection of its own. */
  publisher: Redis;
  /** Subscribes; a connection of its own (a subscribed connection can do nothing else). */
  subscriber: Redis;
  /** How long a request waits for its answer. */
  answerTimeoutMs: number;
  logger: Logger;
}

/**
 * Cancels and configuration updates between the nodes of a cluster, over Redis pub/sub: each node listens on a
 * channel of its own and answers on the asker's. A request that no node hears (its node is gone) or that gets
 * no answer in time fails with UNAVAILABLE rather than waiting: the execution is then marked failed by the
 * node-lease check, and a retry finds it ended.
 */
export class PeerChannel implements PeerNodes {
  private readonly pending = new Map<string, { resolve: (reply: PeerReply) => void; timer: NodeJS.Timeout }>();
  private service: ExecutionService | undefined;

  private constructor(private readonly options: PeerChannelOptions) {}

  /** Subscribes to this node's channel; requests are served once {@link serve} names the execution service. */
  static async open(options: PeerChannelOptions): Promise<PeerChannel> {
    const channel = new PeerChannel(options);
    options.subscriber.on('message', (_name: string, text: string) => channel.receive(text));
    await options.subscriber.subscribe(channel.channelOf(options.nodeId));
    return channel;
  }

  /** Serves the requests of other nodes with this node's execution service. */
  serve(service: ExecutionService): void {
    this.service = service;
  }

  async cancel(nodeId: string, executionId: string, reason: string | undefined): Promise<void> {
    await this.ask(nodeId, { kind: 'cancel', id: randomUUID(), from: this.options.nodeId, executionId, ...(reason === undefined ? {} : { reason }) });
  }

  async updateNodeConfig(nodeId: string, executionId: string, graphNodeId: string, config: JsonObject): Promise<ConfigUpdateOutcome> {
    const reply = await this.ask(nodeId, { kind: 'config', id: randomUUID(), from: this.options.nodeId, executionId, graphNodeId, config });
    return reply.outcome ?? { ok: false, reason: 'not-running', issues: [] };
  }

  /** Stops listening; requests still waiting fail. */
  async close(): Promise<void> {
    for (const [id, { resolve, timer }] of this.pending) {
      clearTimeout(timer);
      resolve({ id, ok: false, message: 'This node is stopping' });
    }
    this.pending.clear();
    await this.options.subscriber.unsubscribe().catch(() => undefined);
  }

  private channelOf(nodeId: string): string {
    return `${this.options.namespace}:node:${nodeId}`;
  }

  private async ask(nodeId: string, request: PeerRequest): Promise<Extract<PeerReply, { ok: true }>> {
    const unreachable = `Node '${nodeId}', which runs execution '${request.executionId}', did not answer`;
    const answered = new Promise<PeerReply>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(request.id);
        resolve({ id: request.id, ok: false, message: unreachable });
      }, this.options.answerTimeoutMs);
      this.pending.set(request.id, { resolve, timer });
    });
    const listeners = await this.options.publisher.publish(this.channelOf(nodeId), JSON.stringify(request));
    if (listeners === 0) this.settle({ id: request.id, ok: false, message: unreachable });
    const reply = await answered;
    if (!reply.ok) throw new AppError('UNAVAILABLE', reply.message);
    return reply;
  }

  private receive(text: string): void {
    let message: PeerRequest | PeerReply;
    try {
      message = JSON.parse(text) as PeerRequest | PeerReply;
    } catch {
      return;
    }
    if ('kind' in message) void this.answer(message);
    else this.settle(message);
  }

  private settle(reply: PeerReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.pending.delete(reply.id);
    waiting.resolve(reply);
  }

  private async answer(request: PeerRequest): Promise<void> {
    let reply: PeerReply;
    try {
      if (!this.service) throw new Error('This node is not serving yet');
      if (request.kind === 'cancel') {
        await this.service.cancelHere(request.executionId, request.reason);
        reply = { id: request.id, ok: true };
      } else reply = { id: request.id, ok: true, outcome: this.service.updateNodeConfigHere(request.executionId, request.graphNodeId, request.config) };
    } catch (error) {
      reply = { id: request.id, ok: false, message: (error as Error).message };
    }
    await this.options.publisher.publish(this.channelOf(request.from), JSON.stringify(reply)).catch((error: unknown) => {
      this.options.logger.warn({ err: error, peer: request.from }, 'Could not answer another node');
    });
  }
}
