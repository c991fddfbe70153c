import { type AnyActorDefinition } from '../../engine';
import { graphInput } from './graph-input';
import { graphOutput } from './graph-output';

/** The graph boundary actors: `graph_input` and `graph_output`, which composite (subgraph) nodes bridge to. */
export const graphIoActors: readonly AnyActorDefinition[] = [graphInput, graphOutput];
