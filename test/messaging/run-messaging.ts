import { type ActorLogEntry, type AnyActorDefinition, type EngineEvent, type JsonObject, type JsonValue, type RunResult } from '../../server/engine';
import { runFlow } from '../support/kits';

/** What a one-node messaging run produced: packets per collected port, the result, every event and log line. */
export interface MessagingRun {
  readonly received: Record<string, JsonValue[]>;
  readonly result: RunResult;
  readonly events: EngineEvent[];
  readonly logs: ActorLogEntry[];
  /** Every event and log line as one text, to look for a key that must not be there. */
  readonly transcript: string;
}

/** How {@link runMessaging} runs the node. */
export interface MessagingRunOptions {
  readonly config: JsonObject;
  /** Initial packets, in order, as `[port, value]`. */
  readonly packets: readonly (readonly [string, JsonValue])[];
  /** The output ports to connect and collect. */
  readonly collect: readonly string[];
  /** The operator's named secrets. @default none */
  readonly secrets?: Readonly<Record<string, string>>;
  /** Cancels the run when aborted. */
  readonly signal?: AbortSignal;
}

/** Runs one messaging node fed by initial packets, with collectors on the named ports and the named secrets configured. */
export async function runMessaging(actor: AnyActorDefinition, options: MessagingRunOptions): Promise<MessagingRun> {
  const events: EngineEvent[] = [];
  const logs: ActorLogEntry[] = [];
  const { received, result } = await runFlow(
    [actor],
    {
      processes: { node: { component: actor.id, metadata: { config: options.config } } },
      connections: options.packets.map(([port, data]) => ({ data, tgt: { process: 'node', port } })),
      collect: options.collect.map((port) => `node.${port}`),
    },
    {
      secret: (name) => options.secrets?.[name],
      onEvent: (event) => events.push(event),
      log: (entry) => logs.push(entry),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    },
  );
  return { received, result, events, logs, transcript: JSON.stringify({ events, logs, result }) };
}

/** The one error of a failed run, for tests that expect the node to fail. */
export function runError(run: MessagingRun): string {
  expect(run.result.success).toBe(false);
  return run.result.errors.map((error) => error.message).join('\n');
}
