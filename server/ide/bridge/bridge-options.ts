import { type ConnectBridgeSocket } from './bridge-socket';
import { type Logger } from '../../logger';

/** Options of {@link createEventBridge}. */
export interface EventBridgeOptions {
  /** Address of the IDE (`ide_url`); the trace collector's paths and the socket's are relative to it. */
  ideUrl: string;
  /** Namespace this engine announces to the IDE. */
  namespace: string;
  /** Identity of this engine (`node_id`). */
  nodeId: string;
  logger: Logger;
  /** Opens the session object's WebSocket. */
  connectSocket: ConnectBridgeSocket;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Trace events per batch. @default 50 */
  batchSize?: number;
  /** Longest wait before a partial batch is sent. @default 200 */
  flushIntervalMs?: number;
  /** Trace events buffered across all executions; later ones are dropped and counted. @default 10000 */
  maxBufferedEvents?: number;
  /** Trace events buffered for one execution; later ones are dropped and counted. @default 2000 */
  maxBufferedEventsPerExecution?: number;
  /** Trace sessions in progress at once; executions beyond it get no trace and their events count as dropped. @default 1000 */
  maxSessions?: number;
  /** Attempts of one HTTP request, the first included (network errors, timeouts, 408, 429 and 5xx are retried). @default 3 */
  retryAttempts?: number;
  /** Delay before the first retry of a request, doubled for each later one (with jitter). @default 200 */
  retryBaseMs?: number;
  /** Longest delay between two attempts of a request. @default 2000 */
  retryMaxMs?: number;
  /** Time limit of one HTTP attempt, answer included. @default 5000 */
  requestTimeoutMs?: number;
  /** Live messages kept while the socket is down or backed up; beyond it the oldest is dropped and counted. @default 1000 */
  maxBufferedLiveMessages?: number;
  /** Bytes waiting on the socket beyond which live messages wait in the bridge's own buffer. @default 1048576 */
  maxSocketBufferedBytes?: number;
  /** Delay before the first reconnection, doubled for each failed one (with jitter). @default 250 */
  reconnectBaseMs?: number;
  /** Longest delay between two connection attempts. @default 10000 */
  reconnectMaxMs?: number;
  /** Time a socket has to open before the attempt counts as failed. @default 5000 */
  connectTimeoutMs?: number;
  /** Characters of a packet's JSON kept in a trace event's preview. @default 1024 */
  previewChars?: number;
  /** How long `close()` waits for buffered trace events to be sent before it drops them. @default 2000 */
  closeTimeoutMs?: number;
  /** Epoch-milliseconds clock. @default Date.now */
  now?: () => number;
  /** Source of the backoff jitter, in [0, 1). @default Math.random */
  random?: () => number;
}

/** The options with every default applied and every number checked. */
export type ResolvedBridgeOptions = Required<EventBridgeOptions>;

const NUMBER_DEFAULTS = {
  batchSize: 50,
  flushIntervalMs: 200,
  maxBufferedEvents: 10_000,
  maxBufferedEventsPerExecution: 2_000,
  maxSessions: 1_000,
  retryAttempts: 3,
  retryBaseMs: 200,
  retryMaxMs: 2_000,
  requestTimeoutMs: 5_000,
  maxBufferedLiveMessages: 1_000,
  maxSocketBufferedBytes: 1024 * 1024,
  reconnectBaseMs: 250,
  reconnectMaxMs: 10_000,
  connectTimeoutMs: 5_000,
  previewChars: 1_024,
  closeTimeoutMs: 2_000,
} as const satisfies Partial<Record<keyof EventBridgeOptions, number>>;

/**
 * Applies the defaults and checks the numbers (each a positive integer).
 * @throws Error naming the first option that is not
 */
export function resolveBridgeOptions(options: EventBridgeOptions): ResolvedBridgeOptions {
  const numbers: Record<keyof typeof NUMBER_DEFAULTS, number> = { ...NUMBER_DEFAULTS };
  for (const key of Object.keys(NUMBER_DEFAULTS) as (keyof typeof NUMBER_DEFAULTS)[]) {
    const value = options[key] ?? NUMBER_DEFAULTS[key];
    if (!Number.isInteger(value) || value <= 0) throw new Error(`Event bridge option '${key}' must be a positive integer, got ${String(value)}`);
    numbers[key] = value;
  }
  return {
    ...options,
    ...numbers,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
  };
}
