import { type Graph, type GraphNode } from './graph';
import { type NodeConfig } from './node-config';
import { type RetryPolicy } from '../../../model';

declare const validGraphBrand: unique symbol;

/** The ports a graph shows when it runs as a composite node (and the names its run input and outputs use). */
export interface GraphBoundary {
  /** Exported inport names, then the port names of graph-input nodes. */
  readonly inports: readonly string[];
  /** Exported outport names, then the port names of graph-output nodes. */
  readonly outports: readonly string[];
}

/** A node of a validated graph: its configuration merged and parsed; a composite node carries its validated inner graph. */
export interface ValidNode extends Omit<GraphNode, 'subgraph' | 'subgraphProblem'> {
  readonly subgraph?: ValidGraph;
  /** The configuration validation merged and parsed, which runs use as it is. */
  readonly nodeConfig: NodeConfig;
  /** The node's retry policy (`metadata.retry`), when it declares one. */
  readonly retry?: RetryPolicy;
}

/**
 * A graph `validateGraph` accepted: every component known, every port id replaced by the one its actor
 * declares, every configuration valid. Only `validateGraph` makes one.
 */
export interface ValidGraph extends Omit<Graph, 'nodes'> {
  readonly nodes: readonly ValidNode[];
  readonly boundary: GraphBoundary;
  readonly [validGraphBrand]: true;
}
