import { type EngineEvent, type TerminalEvent, isTerminalEvent } from '../model';

/** What a run has done so far, as a progress display shows it. */
export interface ProgressSnapshot {
  /** Nodes that finished at least one firing (the result's `nodes_executed`, counted live). */
  nodesDone: number;
  /** The nodes of the graph, subgraphs included; undefined while unknown. */
  nodesTotal: number | undefined;
  /** Nodes with at least one failed firing. */
  nodesFailed: number;
  /** Packets sent, those left out of a capped log included. */
  packets: number;
  /** Milliseconds since the run was accepted, until its terminal event was observed. */
  elapsedMs: number;
}

/**
 * Counts a run's progress from its events: each node once however often it fires, every packet, and the
 * terminal event once it comes. Events must be observed in log order, each once.
 */
export class RunProgress {
  private readonly started = new Set<string>();
  private readonly done = new Set<string>();
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
        this.started.add(event.actorId);
        return undefined;
      case 'MessageSent':
        this.packets += 1;
        return undefined;
      case 'EventsDropped':
        // Only MessageSent events are ever left out of a capped log.
        this.packets += event.dropped;
        return undefined;
      case 'ActorFailed':
        this.failed.add(event.actorId);
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
    return {
      nodesDone: this.done.size,
      // A graph read elsewhere may count differently from the nodes that actually fire: never show more done than there are.
      nodesTotal: this.nodesTotal === undefined ? undefined : Math.max(this.nodesTotal, this.started.size, this.done.size),
      nodesFailed: this.failed.size,
      packets: this.packets,
      elapsedMs: this.startedAt === undefined ? 0 : Math.max(0, (this.endedAt ?? this.now()) - this.startedAt),
    };
  }

  private markDone(actorId: string): string | undefined {
    if (this.done.has(actorId)) return undefined;
    this.done.add(actorId);
    return actorId;
  }
}
