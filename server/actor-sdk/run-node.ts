import { z } from 'zod';
import { type AnyActorDefinition, type EngineEvent, type JsonObject, type JsonValue, type RunResult, createCatalogue, defineActor, runGraph } from '../engine';
import { type ActorHttp } from './actor-http';
import { type AnyPackageActorDefinition } from './define-actor';
import { fetchActorHttp } from './fetch-actor-http';
import { NODE_ID, type PortPacket, singleNodeGraph } from './single-node-graph';
import { withActorHttp } from './with-actor-http';

/** How {@link runNode} runs the actor. */
export interface RunNodeOptions {
  /** The node's `metadata.config`. */
  config?: JsonObject;
  /** The node's `metadata.propertyValues`. */
  propertyValues?: JsonObject;
  /** Initial packets, delivered in order. */
  packets?: readonly PortPacket[];
  /** The output ports to collect. @default every output port but `error` and `error-out` */
  collect?: readonly string[];
  /** Collect `error` and `error-out` too, so that a failed firing is routed there as data instead of failing the run. @default false */
  exportErrors?: boolean;
  /** Other actors the run needs in its catalogue. */
  actors?: readonly (AnyPackageActorDefinition | AnyActorDefinition)[];
  /** The client the actor gets as `ctx.http`, instead of one over the global `fetch` (one attempt, no egress policy). */
  http?: ActorHttp;
}

/** What a one-node run produced. */
export interface NodeRun {
  readonly result: RunResult;
  readonly events: EngineEvent[];
  /** Every packet per collected port, in order. */
  readonly packets: Record<string, JsonValue[]>;
  /** The last packet per collected port (`result.outputs`). */
  readonly outputs: JsonObject;
}

const COLLECTOR_ID = 'testing_collect';

/**
 * Runs an actor as the only real node of a graph, through the engine that runs it in the service: `packets`
 * arrive as initial packets, and each collected output port is exported (its last packet in `outputs`) and
 * connected to a collector (all its packets in `packets`); the other ports stay unconnected. A configuration
 * the schema refuses rejects, naming the key; a failed firing fails the run (`result.success` false) unless
 * `exportErrors` routes it to `error-out`.
 * @example
 * const { outputs } = await runNode(greet, { config: { greeting: 'Hi' }, packets: [['name', 'Ada']] });
 * // outputs: { greeting: 'Hi, Ada' }
 */
export async function runNode(definition: AnyPackageActorDefinition | AnyActorDefinition, options: RunNodeOptions = {}): Promise<NodeRun> {
  const errorPorts = options.exportErrors === true ? [] : ['error', 'error-out'];
  const collect = options.collect ?? Object.keys(definition.outports).filter((port) => !errorPorts.includes(port));
  const packets: Record<string, JsonValue[]> = {};
  const collector = defineActor({
    id: COLLECTOR_ID,
    inports: { in: { required: true } },
    outports: {},
    config: z.object({ port: z.string() }),
    fire: ({ inputs, config }) => {
      (packets[config.port] ??= []).push(inputs.in ?? null);
    },
  });
  const graph = singleNodeGraph(definition.id, { config: options.config, propertyValues: options.propertyValues, packets: options.packets, outports: collect });
  const processes = graph.processes as JsonObject;
  const connections = graph.connections as JsonValue[];
  for (const port of collect) {
    processes[`collect_${port}`] = { component: COLLECTOR_ID, metadata: { config: { port } } };
    connections.push({ from: { nodeId: NODE_ID, portId: port }, to: { nodeId: `collect_${port}`, portId: 'in' } });
  }
  const { http } = options;
  const httpOf = http === undefined ? fetchActorHttp : () => http;
  const catalogue = createCatalogue([definition, ...(options.actors ?? [])].map((actor) => withActorHttp(actor, httpOf)).concat(collector));
  const { result, events } = await runGraph(graph, catalogue, { executionId: 'exec-test', workflowId: 'wf-test' });
  return { result, events, packets, outputs: result.outputs };
}
