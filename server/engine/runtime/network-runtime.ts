import { type GraphInputValue } from '../sdk/actor-definition';
import { type JsonObject } from '../../../model';
import { type JsonPacket } from '../sdk/json-text';
import { type Grouping } from '../sdk/grouping';
import { type NodeRunner } from './node-runner';
import { type RunEnvironment } from './run-environment';

/** What a node runner and its ports need from the network they belong to. */
export interface NetworkRuntime {
  readonly env: RunEnvironment;
  /** Aborted when the network stops (cancel, failure, timeout); every actor of the network gets it. */
  readonly signal: AbortSignal;
  /** Whether the network is running: when false, sends are dropped and nothing new starts. */
  readonly running: boolean;
  /** Counts one more piece of pending work (a queued node, a busy firing, an armed timer). */
  addWork(): void;
  /** Counts one piece of pending work done; the run ends when none is left. */
  doneWork(): void;
  /** An actor error: routed to the node's error port when one is connected, otherwise it fails the run. */
  nodeFailed(runner: NodeRunner, error: unknown): void;
  /** Fails the run because of a node, never routed to its error port: what the node cannot do is not the graph's to handle. */
  failRun(runner: NodeRunner, message: string): void;
  /** Sends a value out of the graph as output `name`; resolves when the receiver has room. */
  exportOutput(name: string, value: JsonPacket, grouping: Grouping | undefined): Promise<void>;
  /** Reports a packet of an unconnected output port (the last one is kept, or every one when the output is collected). */
  recordOutput(key: string, value: JsonPacket): void;
  /** The run's input under `name`. */
  graphInput(name: string): GraphInputValue;
  /** Writes an actor's diagnostic line. */
  log(nodeId: string, component: string, message: string, fields?: JsonObject): void;
}
