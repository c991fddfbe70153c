import { z } from 'zod';
import {
  type AnyActorDefinition,
  type JsonObject,
  type JsonValue,
  type NetworkOptions,
  type RunResult,
  createCatalogue,
  createNetwork,
  defineActor,
  parseGraph,
  validateGraph,
} from '../../../server/engine';

/** A graph for {@link runFlow}: processes and connections in any FBP JSON form, and the ports to collect. */
export interface Flow {
  readonly processes: JsonObject;
  readonly connections?: readonly JsonValue[];
  /** Output ports to collect, as `node.port`; every packet they send is kept under that name. */
  readonly collect?: readonly string[];
}

/** What a flow run produced. */
export interface FlowRun {
  readonly result: RunResult;
  /** Every packet of each collected port, in order; a port that sent nothing has no entry. */
  readonly received: Record<string, JsonValue[]>;
}

const COLLECTOR_ID = 'testing_flow_collect';

/**
 * Runs a graph of the given actors with collectors on the named output ports, the way a several-node actor
 * test wants it: set up the nodes, run, read what each port sent.
 * @throws Error when the graph is not valid
 */
export async function runFlow(actors: readonly AnyActorDefinition[], flow: Flow, options: Partial<NetworkOptions> = {}): Promise<FlowRun> {
  const received: Record<string, JsonValue[]> = {};
  const collector = defineActor({
    id: COLLECTOR_ID,
    inports: { in: { required: true } },
    outports: {},
    config: z.object({ name: z.string() }),
    fire: ({ inputs, config }) => {
      (received[config.name] ??= []).push(inputs.in ?? null);
    },
  });
  const processes: JsonObject = { ...flow.processes };
  const connections: JsonValue[] = [...(flow.connections ?? [])];
  for (const [i, name] of (flow.collect ?? []).entries()) {
    const [node, port] = name.split('.');
    processes[`collect_${i}`] = { component: COLLECTOR_ID, metadata: { config: { name } } };
    connections.push({ src: { process: node, port }, tgt: { process: `collect_${i}`, port: 'in' } });
  }
  const catalogue = createCatalogue([...actors, collector]);
  const parsed = parseGraph({ processes, connections });
  const valid = parsed.ok ? validateGraph(parsed.graph, catalogue) : parsed;
  if (!valid.ok) throw new Error(`The flow is invalid: ${JSON.stringify(valid.issues)}`);
  const result = await createNetwork(valid.graph, catalogue, { executionId: 'exec-flow', workflowId: 'wf-flow', ...options }).run();
  return { result, received };
}
