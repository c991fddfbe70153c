import { type ValidGraph } from '../../engine';
import { type ExecutionRecord } from '../execution-record';
import { ClusterPlacement, type ClusterPlacementOptions } from './cluster-placement';
import { LocalPlacement } from './local-placement';

/**
 * Where the executions of a service run: all in this process ({@link LocalPlacement}), or on whichever node of a
 * cluster takes them ({@link ClusterPlacement}). Chosen once, when the service is built, from its dispatcher.
 */
export interface Placement {
  /**
   * Hands on a new execution, whose record is inserted (its write may be pending) and whose graph is checked:
   * queued here, or for the cluster. `here` runs it on this node even in a cluster (a hook's run, whose answer
   * goes to the request this node holds).
   */
  place(record: ExecutionRecord, graph: ValidGraph, here: boolean): void;
  /**
   * Resumes an execution a stopped process left unfinished (this node's previous process, or a node of the cluster
   * found stopped): a running one is adopted by this node and goes on from where it stopped; a queued one is run.
   */
  resume(record: ExecutionRecord): void;
  /**
   * Which unfinished executions a restart fails as left by this node's previous process (those of `nodeId`, or
   * every one when undefined), and the error they fail with.
   */
  readonly interrupted: { readonly nodeId: string | undefined; readonly message: string };
  /** The executions a shutdown cancels once its grace period is over. */
  leftAtShutdown(): Promise<ExecutionRecord[]>;
}

/** What a placement works with. */
export type PlacementOptions = ClusterPlacementOptions;

/** The placement a dispatcher asks for: local when every execution runs in this process, else the cluster's. */
export function createPlacement(options: PlacementOptions): Placement {
  const { dispatcher, launcher, announcer, store } = options;
  return dispatcher.local ? new LocalPlacement(dispatcher, launcher, announcer, store) : new ClusterPlacement(options);
}
