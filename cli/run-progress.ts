import { type EngineEvent, type TerminalEvent, isTerminalEvent } from '../model';

/** What a run has done so far, as a progress display shows it. */
export interface ProgressSnapshot {
  /**
   * Nodes of the graph's top level that have started a firing, composite nodes counted once whatever their inner
   * graph does: the result's `nodes_executed`, counted live, and the result's own number once the run has ended.
   */
  nodesFired: number;
  /** The nodes of the graph's top level; undefined while unknown. */
  nodesTotal: number | undefined;
  /** Nodes of the top level with at least one failed firing: the result's `nodes_failed`. */
  nodesFailed: number;
  /** Packets sent, those left out of a capped log included. */
  packets: number;
  /** Milliseconds since the run was accepted, until its terminal event was observed. */
  elapsedMs: number;
}

/**
 * Counts a run's progress from its events: each node once however often it fires, every packet, and the
 * terminal event once it comes. Nodes are counted as the result counts them (`nodes_executed` is the top-level
 * nodes whose runner fired): a node inside a composite node is named `<composite id>/<its id>` and starts only
 * after its composite node did, so a node whose id extends a fired node's id and a `/` is an inner one. Events
 * must be observed in log order, each once.
 */
export class RunProgress {
  /** Top-level nodes that started a firing. */
  private readonly fired = new Set<string>();
  /** Every node, inner ones included, that finished a firing: each gets one "done" line. */
  private readonly done = new Set<string>();
  /** Top-level nodes with a failed firing. */
  private readonly failed = new Set<string>();
  private packets = 0;
  private terminalEvent: TerminalEvent | undefined;
  /** When the terminal event was observed, on the local clock (a server's clock may differ). */
  private endedAt: number | undefined;

  private nodesTotal: number | undefined;
  /** When the run was accepted; the elapsed time counts from here, and is 0 before. */
  private startedAt: number | undefined;

  /** @param now the clock, in epoch milliseconds @default Date.now */
  constructor(private readonly now: () => number = Date.now) {}

  /** The run has been accepted: the clock starts, and the number of nodes of its graph is set when known. */
  begin(nodesTotal: number | undefined): void {
    this.startedAt = this.now();
    this.nodesTotal = nodesTotal;
  }

  /** Counts one event; returns the id of a node that has just finished its first firing, if this event is that. */
  observe(event: EngineEvent): string | undefined {
    switch (event._type) {
      case 'ActorStarted':
        if (this.isTopLevel(event.actorId)) this.fired.add(event.actorId);
        return undefined;
      case 'MessageSent':
        this.packets += 1;
        return undefined;
      case 'EventsDropped':
        // Only MessageSent events are ever left out of a capped log.
        this.packets += event.dropped;
        return undefined;
      case 'ActorFailed':
        if (this.fired.has(event.actorId)) this.failed.add(event.actorId);
        return this.markDone(event.actorId);
      case 'ActorCompleted':
        return this.markDone(event.actorId);
      default:
        if (isTerminalEvent(event)) {
          this.terminalEvent = event;
          this.endedAt = this.now();
        }
        return undefined;
    }
  }

  /** The terminal event, once observed. */
  get terminal(): TerminalEvent | undefined {
    return this.terminalEvent;
  }

  /** The counts now. */
  snapshot(): ProgressSnapshot {
    const result = this.terminalEvent?.result;
    const nodesFired = result?.nodes_executed ?? this.fired.size;
    return {
      nodesFired,
      // A graph read elsewhere may count differently from the nodes that actually fire: never show more fired than there are.
      nodesTotal: this.nodesTotal === undefined ? undefined : Math.max(this.nodesTotal, nodesFired),
      nodesFailed: result?.nodes_failed ?? this.failed.size,
      packets: this.packets,
      elapsedMs: this.startedAt === undefined ? 0 : Math.max(0, (this.endedAt ?? this.now()) - this.startedAt),
    };
  }

  /** Whether no fired node's id and a `/` begin this id. */
  private isTopLevel(actorId: string): boolean {
    for (let slash = actorId.indexOf('/'); slash !== -1; slash = actorId.indexOf('/', slash + 1)) {
      if (this.fired.has(actorId.slice(0, slash))) return false;
    }
    return true;
  }

  private markDone(actorId: string): string | undefined {
    if (this.done.has(actorId)) return undefined;
    this.done.add(actorId);
    return actorId;
  }
}
