import { type Catalogue } from '../sdk/catalogue';
import { EventStream } from './event-stream';
import { type OutputCollection } from './collected-packets';
import { type FiringJournal } from './firing-journal';
import { DEFAULT_MAX_EVENT_PAYLOAD_BYTES, type JsonObject } from '../../../model';
import { type NetworkOptions } from './network-options';
import { RunResourceRegistry } from './run-resource-registry';
import { Scheduler } from './scheduler';

/** What every network of one run shares, its subgraph runs included. */
export interface RunEnvironment {
  readonly catalogue: Catalogue;
  readonly execution: { readonly id: string; readonly workflowId: string; readonly metadata: JsonObject };
  /** Absent when nobody listens, so no event is built. */
  readonly events: EventStream | undefined;
  readonly scheduler: Scheduler;
  readonly now: () => number;
  readonly queueCapacity: number;
  readonly stopGraceMs: number;
  readonly resolveConfig: NetworkOptions['resolveConfig'];
  readonly log: NetworkOptions['log'];
  readonly secret: (name: string) => string | undefined;
  /** The run's firing journal, in a durable run; absent otherwise, and then no node is journaled. */
  readonly journal: FiringJournal | undefined;
  /** Closed by the top-level network when the run ends. */
  readonly resources: RunResourceRegistry;
  readonly firingScope: NetworkOptions['firingScope'];
  /** The top-level outputs that report every packet; absent when each reports its last. */
  readonly collect: OutputCollection | undefined;
}

/** Default of `NetworkOptions.queueCapacity`. */
const DEFAULT_QUEUE_CAPACITY = 1000;
/** Default of `NetworkOptions.stopGraceMs`. */
const DEFAULT_STOP_GRACE_MS = 500;

/** Applies the defaults of the network options. */
export function createRunEnvironment(catalogue: Catalogue, options: NetworkOptions): RunEnvironment {
  const now = options.now ?? Date.now;
  const maxPayload = options.maxEventPayloadBytes ?? DEFAULT_MAX_EVENT_PAYLOAD_BYTES;
  return {
    catalogue,
    execution: { id: options.executionId, workflowId: options.workflowId, metadata: options.metadata ?? {} },
    events: options.onEvent === undefined ? undefined : new EventStream(options.onEvent, now, maxPayload),
    scheduler: new Scheduler(),
    now,
    queueCapacity: Math.max(1, options.queueCapacity ?? DEFAULT_QUEUE_CAPACITY),
    stopGraceMs: Math.max(0, options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS),
    resolveConfig: options.resolveConfig,
    log: options.log,
    secret: options.secret ?? noSecret,
    journal: options.journal,
    resources: new RunResourceRegistry(),
    firingScope: options.firingScope,
    collect: options.collect,
  };
}

function noSecret(): undefined {
  return undefined;
}
