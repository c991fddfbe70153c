import { type ActorLogEntry, type AnyActorDefinition, type EngineEvent, type JsonObject, type JsonValue } from '../../server/engine';
import { type FlowRun, runFlow } from '../support/kits';

/** What a one-node media run produced: its result, the packets of each port, its events and its log lines. */
export interface MediaRun extends FlowRun {
  readonly events: EngineEvent[];
  readonly logs: ActorLogEntry[];
}

/**
 * Runs `actor` as node `n` with `config`, each of `packets` arriving on `port` in order, and collects every
 * one of its output ports as `n.<port>`.
 */
export async function runMedia(
  actor: AnyActorDefinition,
  config: JsonObject,
  packets: readonly JsonValue[] = [],
  port = 'source',
  signal?: AbortSignal,
): Promise<MediaRun> {
  const events: EngineEvent[] = [];
  const logs: ActorLogEntry[] = [];
  const run = await runFlow(
    [actor],
    {
      processes: { n: { component: actor.id, metadata: { config } } },
      connections: packets.map((data) => ({ data, tgt: { process: 'n', port } })),
      collect: Object.keys(actor.outports).map((out) => `n.${out}`),
    },
    { onEvent: (event) => events.push(event), log: (entry) => logs.push(entry), signal },
  );
  return { ...run, events, logs };
}

/** The message of the first error of a failed run, or of the run's success when it did not fail. */
export function failure(run: FlowRun): string {
  return run.result.errors[0]?.message ?? 'the run did not fail';
}
