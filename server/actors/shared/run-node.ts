import { z } from 'zod';
import { type AnyActorDefinition, type Catalogue, type EngineEvent, type JsonObject, type JsonValue, type RunResult, defineActor, runGraph } from '../../engine';

/** What {@link runNode} runs: one node of a component, fed by initial packets. */
export interface NodeRunSpec {
  /** The component (template id) of the node, which is called `node`. */
  component: string;
  /** Its `metadata.config`. */
  config?: JsonObject;
  /** Its `metadata.propertyValues`. */
  propertyValues?: JsonObject;
  /** Initial packets per input port, delivered in order. */
  packets?: Record<string, JsonValue[]>;
  /**
   * Whether the node's `error`/`error-out` ports are exported too, so that errors are routed there as data.
   * @default false
   */
  exportErrors?: boolean;
}

/** The outcome of {@link runNode}: the run result, its events, and the last packet of each exported output port. */
export interface NodeRunOutcome {
  result: RunResult;
  events: EngineEvent[];
  outputs: JsonObject;
}

/**
 * Runs a graph of one node for tests and tools: its input ports fed by initial packets, its output ports
 * exported under their own ids (error ports only with `exportErrors`).
 * @throws Error when the component is not in the catalogue or the graph is invalid.
 */
export async function runNode(catalogue: Catalogue, spec: NodeRunSpec): Promise<NodeRunOutcome> {
  const definition = catalogue.get(spec.component);
  if (definition === undefined) throw new Error(`Component '${spec.component}' is not in the catalogue`);
  const outports: JsonObject = {};
  for (const port of Object.keys(definition.outports)) {
    if (spec.exportErrors === true || (port !== 'error' && port !== 'error-out')) outports[port] = { process: 'node', port };
  }
  const connections = Object.entries(spec.packets ?? {}).flatMap(([port, packets]) => packets.map((data) => ({ data, to: { nodeId: 'node', portId: port } })));
  const graph = {
    processes: { node: { component: spec.component, metadata: { config: spec.config ?? {}, propertyValues: spec.propertyValues ?? {} } } },
    connections,
    outports,
  };
  const { result, events } = await runGraph(graph, catalogue, { executionId: 'exec-test', workflowId: 'wf-test' });
  return { result, events, outputs: result.outputs };
}

/** A sink component for tests: every packet reaching its `in` port is appended to `received`. */
export function recordingSink(id: string, received: JsonValue[]): AnyActorDefinition {
  return defineActor({
    id,
    inports: { in: {} },
    outports: {},
    config: z.object({}),
    fire: ({ inputs }) => {
      received.push(inputs.in ?? null);
    },
  });
}
