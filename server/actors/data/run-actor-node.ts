import { z } from 'zod';
import {
  type AnyActorDefinition,
  type EngineEvent,
  type JsonObject,
  type JsonValue,
  type RunResult,
  createCatalogue,
  defineActor,
  runGraph,
} from '../../engine';

/** One packet for a port of the node under test, in the order given. */
export type PortPacket = readonly [port: string, value: JsonValue];

/** What a single-node run produced: every packet per output port, in order, and the run itself. */
export interface ActorNodeRun {
  readonly packets: Record<string, JsonValue[]>;
  readonly result: RunResult;
  readonly events: EngineEvent[];
}

/**
 * Runs one actor as the only real node of a graph, for the family's tests: `packets` arrive as initial packets,
 * and each output port named in `collect` is connected to a collector (the others stay unconnected).
 */
export async function runActorNode(
  definition: AnyActorDefinition,
  options: { config?: JsonObject; propertyValues?: JsonObject; packets?: readonly PortPacket[]; collect?: readonly string[] },
): Promise<ActorNodeRun> {
  const packets: Record<string, JsonValue[]> = {};
  const collect = options.collect ?? Object.keys(definition.outports);
  const collector = defineActor({
    id: 'data_test_collect',
    inports: { in: { required: true } },
    outports: {},
    config: z.object({ port: z.string() }),
    fire: ({ inputs, config }) => {
      (packets[config.port] ??= []).push(inputs.in ?? null);
    },
  });
  const processes: Record<string, JsonValue> = {
    node: { component: definition.id, metadata: { config: options.config ?? {}, propertyValues: options.propertyValues ?? {} } },
  };
  for (const port of collect) processes[`collect_${port}`] = { component: collector.id, metadata: { config: { port } } };
  const connections: JsonValue[] = [
    ...(options.packets ?? []).map(([port, data]) => ({ data, to: { nodeId: 'node', portId: port } })),
    ...collect.map((port) => ({ from: { nodeId: 'node', portId: port }, to: { nodeId: `collect_${port}`, portId: 'in' } })),
  ];
  const { result, events } = await runGraph({ processes, connections }, createCatalogue([definition, collector]), {
    executionId: 'data-test',
    workflowId: 'data-test',
  });
  return { packets, result, events };
}
