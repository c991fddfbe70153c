import { type EventStream } from './event-stream';
import { type InPort } from './in-port';
import { type JsonPacket, JsonText } from '../sdk/json-text';
import { type Grouping } from '../sdk/grouping';
import { PendingSend } from './pending-send';
import { RESOLVED } from './promises';

/** Where an output port's packets go besides connections: the run's outputs. */
export interface OutPortSink {
  /** A packet, with its grouping when it has one, reached an exported outport `name`; resolves when the receiver has room. */
  exportOutput(name: string, packet: JsonPacket, grouping: Grouping | undefined): Promise<void>;
  /** A packet of an unconnected output port, reported as `key` when the graph exports no outports. */
  recordOutput(key: string, packet: JsonPacket): void;
}

/** An output port of a node: delivers each packet to every connected input port (fan-out) and to the run's outputs. */
export class OutPort {
  private readonly targets: InPort[] = [];
  private readonly targetActors: string[] = [];
  private readonly exportNames: string[] = [];
  private collectKey: string | undefined;

  constructor(
    /** The port id as the actor declares it. */
    readonly id: string,
    private readonly actorId: string,
    private readonly events: EventStream | undefined,
    private readonly sink: OutPortSink,
  ) {}

  /** Wires the port to an input port of `toActor`. */
  connect(target: InPort, toActor: string): void {
    this.targets.push(target);
    this.targetActors.push(toActor);
  }

  /** Binds the port to an exported outport of the graph. */
  exportAs(name: string): void {
    this.exportNames.push(name);
  }

  /** Reports the port's last packet under `key` (an unconnected port of a graph without exported outports). */
  collectAs(key: string): void {
    this.collectKey = key;
  }

  /** Whether packets sent here go anywhere (a connection or an exported outport). */
  get connected(): boolean {
    return this.targets.length > 0 || this.exportNames.length > 0;
  }

  /** Whether the port has a connection to another node. */
  get hasTargets(): boolean {
    return this.targets.length > 0;
  }

  /**
   * Delivers a packet to every target, and resolves at once while every target has room; otherwise the
   * promise resolves when room frees up. The packet is queued either way. A JsonText is parsed (once) for
   * the nodes it goes to; the run's outputs and the events' previews take its text. A `grouping` goes with the
   * packet to every target.
   */
  send(packet: JsonPacket, grouping?: Grouping): Promise<void> {
    const targets = this.targets;
    let blocked: InPort | undefined;
    for (let i = 0; i < targets.length; i++) {
      const target = targets[i];
      if (this.events !== undefined) this.events.messageSent(this.actorId, this.id, this.targetActors[i], target.id, packet, grouping);
      if (!target.push(packet instanceof JsonText ? packet.value : packet, grouping) && blocked === undefined) blocked = target;
    }
    if (this.collectKey !== undefined) this.sink.recordOutput(this.collectKey, packet);
    let waits: Promise<void> | undefined;
    if (blocked !== undefined) {
      const pending = new PendingSend(targets);
      blocked.addWaiter(pending);
      waits = pending.promise;
    }
    for (const name of this.exportNames) {
      const exported = this.sink.exportOutput(name, packet, grouping);
      if (exported !== RESOLVED) waits = waits === undefined ? exported : Promise.all([waits, exported]).then(() => undefined);
    }
    return waits ?? RESOLVED;
  }
}
