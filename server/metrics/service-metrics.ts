import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Upper bounds of the execution duration buckets, in seconds: runs last from milliseconds to hours. */
const EXECUTION_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** Upper bounds of the HTTP request duration buckets, in seconds. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How many distinct `source` values get a label of their own; later ones are counted as `other`. */
export const MAX_SOURCE_LABELS = 32;

/** Executions waiting for a slot and executions running now. */
export interface ExecutionLoad {
  queued: number;
  running: number;
}

/** Open event streams by transport. */
export interface SubscriberCounts {
  websocket: number;
  sse: number;
}

/**
 * The Prometheus metrics of one service instance, in a registry of its own (so that several instances in one
 * process, as in tests, never share a counter): executions, events, subscribers, HTTP requests, and the
 * default process and Node.js metrics (event-loop lag included).
 */
export class ServiceMetrics {
  /** The registry `/metrics` renders. */
  readonly registry = new Registry();
  private readonly executions: Counter<'status' | 'source'>;
  private readonly durations: Histogram<'status'>;
  private readonly events: Counter<'type'>;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestDurations: Histogram<'method' | 'route'>;
  private readonly ticksSkipped: Counter<'reason'>;
  private readonly sources = new Set<string>();
  private load: () => ExecutionLoad = () => ({ queued: 0, running: 0 });
  private subscribers: () => SubscriberCounts = () => ({ websocket: 0, sse: 0 });

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.executions = new Counter({
      name: 'workflow_executions_total',
      help: 'Executions that reached a final state, by that state and by source',
      labelNames: ['status', 'source'],
      registers,
    });
    this.durations = new Histogram({
      name: 'workflow_execution_duration_seconds',
      help: 'Duration of finished executions, by final state',
      labelNames: ['status'],
      buckets: EXECUTION_BUCKETS,
      registers,
    });
    this.events = new Counter({
      name: 'workflow_events_written_total',
      help: 'Events written to execution logs, by event type',
      labelNames: ['type'],
      registers,
    });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestDurations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.ticksSkipped = new Counter({
      name: 'workflow_trigger_ticks_skipped_total',
      help: 'Deployment trigger ticks that started no run, by reason (previous_run_going, max_concurrent_runs, max_trigger_starts_per_second)',
      labelNames: ['reason'],
      registers,
    });
    // Gauges read at each scrape; `this` inside `collect` is the gauge.
    const load = () => this.load();
    const subscribers = () => this.subscribers();
    new Gauge({
      name: 'workflow_executions_queued',
      help: 'Executions waiting for a free slot',
      registers,
      collect() {
        this.set(load().queued);
      },
    });
    new Gauge({
      name: 'workflow_executions_running',
      help: 'Executions running now',
      registers,
      collect() {
        this.set(load().running);
      },
    });
    new Gauge({
      name: 'workflow_event_subscribers',
      help: 'Open event streams of executions, by transport (websocket subscriptions, sse streams)',
      labelNames: ['transport'],
      registers,
      collect() {
        const counts = subscribers();
        this.set({ transport: 'websocket' }, counts.websocket);
        this.set({ transport: 'sse' }, counts.sse);
      },
    });
  }

  /** Reads the queued and running executions at each scrape. */
  observeLoad(load: () => ExecutionLoad): void {
    this.load = load;
  }

  /** Reads the open event streams at each scrape. */
  observeSubscribers(subscribers: () => SubscriberCounts): void {
    this.subscribers = subscribers;
  }

  /** Counts an execution that reached its final state, and its duration. */
  executionFinished(status: string, source: string, durationMs: number): void {
    this.executions.inc({ status, source: this.sourceLabel(source) });
    this.durations.observe({ status }, Math.max(0, durationMs) / 1000);
  }

  /** Counts an event written to an execution log. */
  eventWritten(type: string): void {
    this.events.inc({ type });
  }

  /** Counts a deployment trigger's tick that started no run; `reason` is one of a closed set the deployments name. */
  tickSkipped(reason: string): void {
    this.ticksSkipped.inc({ reason });
  }

  /** Counts an answered HTTP request; `route` is the route pattern, never the raw path. */
  httpRequest(method: string, route: string, status: number, durationMs: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestDurations.observe({ method, route }, durationMs / 1000);
  }

  /** The Prometheus text of every metric. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  /** The content type of {@link render}'s text. */
  get contentType(): string {
    return this.registry.contentType;
  }

  // A client names its own source: past a bound, new names share one label so the series stay few.
  private sourceLabel(source: string): string {
    if (this.sources.has(source)) return source;
    if (this.sources.size >= MAX_SOURCE_LABELS) return 'other';
    this.sources.add(source);
    return source;
  }
}
