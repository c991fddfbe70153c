import { z } from 'zod';
import { JsonValueSchema } from './json-value';
import { RunResultSchema } from './run-result';

// Fields every event carries: its type, its place in the execution's log and when it happened.
const base = {
  seq: z.number().int().positive().describe('Position in the execution event log, from 1, without gaps'),
  timestamp: z.number().int().describe('Epoch milliseconds'),
};

const actor = { actorId: z.string().describe('Node id'), component: z.string().describe('The actor the node runs') };

/** Every event a network emits, discriminated by `_type`. */
export const ExecutionEventSchema = z
  .discriminatedUnion('_type', [
    z
      .object({ _type: z.literal('NetworkStarted'), ...base, executionId: z.string(), workflowId: z.string() })
      .describe('The network has started; initial packets and inputs are about to be delivered'),
    z.object({ _type: z.literal('ActorStarted'), ...base, ...actor }).describe('A node has begun one firing'),
    z
      .object({
        _type: z.literal('MessageSent'),
        ...base,
        fromActor: z.string(),
        fromPort: z.string(),
        toActor: z.string(),
        toPort: z.string(),
        message: JsonValueSchema.describe('The packet'),
        truncated: z.literal(true).optional().describe('Present and true when `message` was cut to the payload limit'),
        groups: z
          .array(JsonValueSchema)
          .optional()
          .describe('The groups (NoFlo brackets) the packet was sent within, outermost first; absent when it was sent within none'),
      })
      .describe('A packet left `fromActor.fromPort` for `toActor.toPort` (one event per target of a fanned-out port)'),
    z
      .object({
        _type: z.literal('StreamChunk'),
        ...base,
        ...actor,
        port: z.string().describe('The output port whose value the piece belongs to'),
        index: z.number().int().nonnegative().describe("The piece's number on that port in this run, from 0"),
        data: JsonValueSchema.describe('The piece'),
        truncated: z.literal(true).optional().describe('Present and true when `data` was cut to the payload limit'),
      })
      .describe("A piece of a value a node streams as it is produced (an LLM's text as it arrives, a media frame), before or instead of a packet"),
    z.object({ _type: z.literal('ActorCompleted'), ...base, ...actor, durationMs: z.number() }).describe('A node finished one firing'),
    z.object({ _type: z.literal('ActorFailed'), ...base, ...actor, error: z.string() }).describe("A node's firing threw, rejected, or one of its timers threw"),
    z
      .object({
        _type: z.literal('ActorRetrying'),
        ...base,
        ...actor,
        attempt: z.number().int().positive().describe('The attempt that failed, from 1'),
        error: z.string(),
        delayMs: z.number().int().nonnegative().describe('The wait before the next attempt'),
      })
      .describe("A node's firing failed and its retry policy (`metadata.retry`) runs it again with the same inputs after `delayMs`"),
    z
      .object({
        _type: z.literal('ExecutionResumed'),
        ...base,
        nodeId: z.string().describe('The service node that resumed the run'),
        journaled: z.number().int().nonnegative().describe('Firings the journal holds: these are replayed instead of made again'),
      })
      .describe(
        'The run had stopped with its process or node (a crash, a kill, a shutdown whose grace ran out) and goes on here: its network is rebuilt from the stored graph and input, pure nodes run again and journaled firings are replayed',
      ),
    z.object({ _type: z.literal('NetworkIdle'), ...base }).describe('Nothing is left to do: no packet queued, no actor busy, no timer pending'),
    z
      .object({ _type: z.literal('EventsDropped'), ...base, dropped: z.number().int().positive().describe('Events left out of the log') })
      .describe(
        'The log reached max_events_per_execution or max_event_log_mb: this many events after it were left out (the terminal event never is, and the first failures past the limit are kept); comes just before the terminal event',
      ),
    z.object({ _type: z.literal('Completed'), ...base, result: RunResultSchema }).describe('Terminal: the run completed'),
    z
      .object({ _type: z.literal('Failed'), ...base, error: z.string(), result: RunResultSchema })
      .describe('Terminal: the run failed (an actor error nobody handled, a timeout)'),
    z.object({ _type: z.literal('Cancelled'), ...base, result: RunResultSchema }).describe('Terminal: the run was cancelled'),
  ])
  .describe("One event of an execution's log");

/** Every event a network emits, discriminated by `_type`. */
export type EngineEvent = z.infer<typeof ExecutionEventSchema>;

/** The `_type` values, in no particular order. */
export type EngineEventType = EngineEvent['_type'];

/** The event of one `_type`. */
export type EngineEventOf<T extends EngineEventType> = Extract<EngineEvent, { _type: T }>;

/** The event types that end a log; exactly one of them comes last. */
export const TERMINAL_EVENT_TYPES = ['Completed', 'Failed', 'Cancelled'] as const satisfies readonly EngineEventType[];

/** An event that ends a log. */
export type TerminalEvent = EngineEventOf<(typeof TERMINAL_EVENT_TYPES)[number]>;

/** Tells whether an event is the last one of its log. */
export function isTerminalEvent(event: EngineEvent): event is TerminalEvent {
  return (TERMINAL_EVENT_TYPES as readonly EngineEventType[]).includes(event._type);
}
