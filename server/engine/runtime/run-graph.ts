import { type Catalogue } from '../sdk/catalogue';
import { type EngineEvent, type RunResult } from '../../../model';
import { createNetwork } from './network';
import { type NetworkOptions } from './network-options';
import { parseGraph } from '../graph/parse-graph';
import { unknownComponents } from '../graph/unknown-components';
import { type ValidateGraphOptions, validateGraph } from '../graph/validate-graph';

/** Options of `runGraph`: the network options, with the event listener optional, and the defaults validation merges. */
export type RunGraphOptions = Omit<NetworkOptions, 'onEvent'> & Pick<ValidateGraphOptions, 'defaultActorConfig'> & { onEvent?: NetworkOptions['onEvent'] };

/**
 * Parses, validates and runs a graph, collecting every event: the one-call way to run a graph, used by
 * actor tests.
 * @throws Error listing every issue when the graph is malformed or invalid.
 * @example
 * const { result, events } = await runGraph(graphJson, catalogue, { executionId: 'e1', workflowId: 'w1', input: { x: 3 } });
 */
export async function runGraph(json: unknown, catalogue: Catalogue, options: RunGraphOptions): Promise<{ result: RunResult; events: EngineEvent[] }> {
  const parsed = parseGraph(json);
  const validated = parsed.ok
    ? validateGraph(parsed.graph, catalogue, options)
    : { ok: false as const, issues: parsed.graph === undefined ? parsed.issues : [...parsed.issues, ...unknownComponents(parsed.graph, catalogue)] };
  if (!validated.ok) {
    throw new Error(`The graph is invalid:\n${validated.issues.map((issue) => `- ${issue.code} at ${issue.path || '(root)'}: ${issue.message}`).join('\n')}`);
  }
  const events: EngineEvent[] = [];
  const listener = options.onEvent;
  const network = createNetwork(validated.graph, catalogue, {
    ...options,
    onEvent: (event) => {
      events.push(event);
      listener?.(event);
    },
  });
  const result = await network.run();
  return { result, events };
}
