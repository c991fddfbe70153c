import { type JsonValue } from './json-value';
import { type RunResult } from './run-result';

/** Fields every event carries: its type, its place in the execution's log (from 1, no gaps) and when it happened (epoch ms). */
interface EventBase<T extends string> {
  readonly _type: T;
  readonly seq: number;
  readonly timestamp: number;
}

/** The network has started; initial packets and inputs are about to be delivered. */
export type NetworkStartedEvent = EventBase<'NetworkStarted'> & { readonly executionId: string; readonly workflowId: string };
/** A node has begun one firing. */
export type ActorStartedEvent = EventBase<'ActorStarted'> & { readonly actorId: string; readonly component: string };
/** A packet left `fromActor.fromPort` for `toActor.toPort` (one event per target of a fanned-out port). */
export type MessageSentEvent = EventBase<'MessageSent'> & {
  readonly fromActor: string;
  readonly fromPort: string;
  readonly toActor: string;
  readonly toPort: string;
  readonly message: JsonValue;
  /** Present and true when `message` was cut to the payload limit. */
  readonly truncated?: true;
};
/** A node finished one firing. */
export type ActorCompletedEvent = EventBase<'ActorCompleted'> & { readonly actorId: string; readonly component: string; readonly durationMs: number };
/** A node's firing threw, rejected, or one of its timers threw. */
export type ActorFailedEvent = EventBase<'ActorFailed'> & { readonly actorId: string; readonly component: string; readonly error: string };
/** Nothing is left to do: no packet queued, no actor busy, no timer pending. */
export type NetworkIdleEvent = EventBase<'NetworkIdle'>;
/** Terminal: the run completed. */
export type CompletedEvent = EventBase<'Completed'> & { readonly result: RunResult };
/** Terminal: the run failed (an actor error nobody handled, a timeout). */
export type FailedEvent = EventBase<'Failed'> & { readonly error: string; readonly result: RunResult };
/** Terminal: the run was cancelled. */
export type CancelledEvent = EventBase<'Cancelled'> & { readonly result: RunResult };

/** Every event a network emits, discriminated by `_type`. */
export type EngineEvent =
  | NetworkStartedEvent
  | ActorStartedEvent
  | MessageSentEvent
  | ActorCompletedEvent
  | ActorFailedEvent
  | NetworkIdleEvent
  | CompletedEvent
  | FailedEvent
  | CancelledEvent;

/** The `_type` values, in no particular order. */
export type EngineEventType = EngineEvent['_type'];

/** The event types that end a log; exactly one of them comes last. */
export const TERMINAL_EVENT_TYPES = ['Completed', 'Failed', 'Cancelled'] as const satisfies readonly EngineEventType[];

/** Tells whether an event is the last one of its log. */
export function isTerminalEvent(event: EngineEvent): event is CompletedEvent | FailedEvent | CancelledEvent {
  return event._type === 'Completed' || event._type === 'Failed' || event._type === 'Cancelled';
}
