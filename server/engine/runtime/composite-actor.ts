import { z } from 'zod';
import { type ActorContext, type AnyActorDefinition, type InPortSpec, type OutPortSpec } from '../sdk/actor-definition';
import { SUBGRAPH_COMPONENT } from '../graph/graph';
import { type NetworkState } from './network-options';
import { type RunResult } from '../../../model';
import { type GraphBoundary } from '../graph/valid-graph';

/** The context a composite node fires with. */
export type CompositeContext = ActorContext<unknown, string, string, unknown>;

/** How one firing of a composite node's inner graph ended. */
export interface InnerRunOutcome {
  readonly state: NetworkState;
  readonly result: RunResult;
}

/** The error a composite node's firing fails with when its inner run failed; it names the inner node at fault. */
export class SubgraphFailure extends Error {
  constructor(
    message: string,
    /** The path of the inner node that failed (`sub/abs`). */
    readonly nodeId: string,
  ) {
    super(message);
    this.name = 'SubgraphFailure';
  }
}

/**
 * The actor of a composite node: its inports and outports are its inner graph's boundary (every inport
 * required); each firing runs the inner graph to its end with `input = {port: packet}`, and fails when
 * the inner run fails.
 */
export function createCompositeActor(boundary: GraphBoundary, runInner: (ctx: CompositeContext) => Promise<InnerRunOutcome>): AnyActorDefinition {
  const inports: Record<string, InPortSpec> = {};
  for (const name of boundary.inports) inports[name] = { required: true };
  const outports: Record<string, OutPortSpec> = {};
  for (const name of boundary.outports) outports[name] = {};
  return {
    id: SUBGRAPH_COMPONENT,
    title: 'Subgraph',
    description: 'Runs an inner graph once per set of input packets.',
    inports,
    outports,
    config: z.unknown(),
    // The inner nodes declare their own effects and are journaled by their paths; the node itself only runs them.
    effects: 'none',
    async fire(ctx) {
      const { state, result } = await runInner(ctx);
      const error = result.errors[0];
      if (state === 'failed' && error !== undefined) throw new SubgraphFailure(error.message, error.node_id ?? ctx.node.id);
    },
  };
}
