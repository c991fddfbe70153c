// The state of each drawn node, folded from the execution's events in seq order.

/** What a node can be shown as: never fired yet, firing, last firing done, failed at least once, stopped by the run's end. */
export const NODE_STATES = ['idle', 'running', 'completed', 'failed', 'cancelled'];

/**
 * Folds events into node states. Invariant: a node is `running` exactly between an `ActorStarted` and the
 * `ActorCompleted` or `ActorFailed` that ends that firing (the engine fires a node once at a time); a node that
 * failed once stays `failed` after later firings end, so a failure is never hidden by a later success.
 */
export class NodeStates {
  #nodes = new Map();

  constructor(nodeIds) {
    for (const id of nodeIds) this.#nodes.set(id, { state: 'idle', firings: 0, failed: false, error: undefined });
  }

  /** The state of a node: `{state, firings, error}`. */
  get(id) {
    return this.#nodes.get(id);
  }

  /** Applies one event; returns the ids of the nodes whose state changed. */
  apply(event) {
    switch (event._type) {
      case 'ActorStarted':
        return this.#update(event.actorId, (node) => ((node.state = 'running'), (node.firings += 1)));
      case 'ActorCompleted':
        return this.#update(event.actorId, (node) => (node.state = node.failed ? 'failed' : 'completed'));
      case 'ActorFailed':
        return this.#update(event.actorId, (node) => ((node.failed = true), (node.state = 'failed'), (node.error = event.error)));
      case 'Completed':
      case 'Failed':
      case 'Cancelled':
        return this.#stopRunning();
      default:
        return [];
    }
  }

  // Inside a subgraph node, actor ids are `outer/inner`: their events show on the outer node that is drawn.
  #resolve(actorId) {
    if (this.#nodes.has(actorId)) return actorId;
    const outer = actorId.split('/')[0];
    return this.#nodes.has(outer) ? outer : undefined;
  }

  #update(actorId, change) {
    const id = this.#resolve(actorId);
    if (id === undefined) return [];
    change(this.#nodes.get(id));
    return [id];
  }

  #stopRunning() {
    const changed = [];
    for (const [id, node] of this.#nodes) {
      if (node.state !== 'running') continue;
      node.state = 'cancelled';
      changed.push(id);
    }
    return changed;
  }
}
