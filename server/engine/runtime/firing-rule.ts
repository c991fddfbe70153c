import { GroupedPacket } from './grouped-packet';
import { type InPort } from './in-port';
import { type JsonValue } from '../../../model';
import { type Grouping } from '../sdk/grouping';

const NO_PORTS: readonly InPort[] = [];

/**
 * When a node may fire, and what a firing takes: a packet is queued on a triggering port, every fed required
 * port holds a packet and every fed control port has kept one, sticky ports counting once they had one. Which
 * ports are fed is frozen when the wiring is sealed; a node with none is a source.
 */
export class FiringRule {
  private fedPorts: readonly InPort[] = NO_PORTS;
  private requiredPorts: readonly InPort[] = NO_PORTS;
  private controlPorts: readonly InPort[] = NO_PORTS;
  /** Packets queued on the node's ports and not taken yet. */
  private queued = 0;
  /** The grouping of the packets the last `take` took, by port, for those sent within groups; undefined when none was. */
  takenGroupings: Record<string, Grouping> | undefined;
  /**
   * The grouping the last firing's sends inherit: that of the first port (in declaration order) whose packet taken
   * for it was sent within groups. Kept packets of sticky and control ports carry none.
   */
  firingGrouping: Grouping | undefined;

  /** Freezes which of the node's ports are fed. */
  seal(inports: readonly InPort[]): void {
    // One pass, and no array for an empty list: every run wires every node afresh.
    let fed: InPort[] | undefined;
    let required: InPort[] | undefined;
    let control: InPort[] | undefined;
    let triggered = false;
    for (const port of inports) {
      if (!port.fed) continue;
      (fed ??= []).push(port);
      if (port.required) (required ??= []).push(port);
      if (port.control) (control ??= []).push(port);
      else triggered = true;
    }
    this.fedPorts = fed ?? NO_PORTS;
    this.requiredPorts = required ?? NO_PORTS;
    // Control ports only configure a node that something else triggers; alone, they trigger it themselves.
    this.controlPorts = triggered ? (control ?? NO_PORTS) : NO_PORTS;
    for (const port of this.controlPorts) port.keepsOnArrival = true;
  }

  /** Whether no input port is fed. */
  get isSource(): boolean {
    return this.fedPorts.length === 0;
  }

  /** Counts a packet queued on one of the node's ports. */
  queue(): void {
    this.queued++;
  }

  /** Whether a packet is queued and every required and control port has what a firing needs. */
  allows(): boolean {
    if (this.queued === 0) return false;
    const required = this.requiredPorts;
    for (let i = 0; i < required.length; i++) {
      const port = required[i];
      if (port.queue.length === 0 && !port.hasSticky) return false;
    }
    const control = this.controlPorts;
    for (let i = 0; i < control.length; i++) if (!control[i].hasSticky) return false;
    return true;
  }

  /** A firing's inputs: the oldest packet of each fed port that has one, the kept packet of sticky ones. */
  take(): Record<string, JsonValue> {
    const inputs: Record<string, JsonValue> = {};
    let groupings: Record<string, Grouping> | undefined;
    let inherited: Grouping | undefined;
    const ports = this.fedPorts;
    for (let i = 0; i < ports.length; i++) {
      const port = ports[i];
      if (port.queue.length > 0) {
        const item = port.take();
        if (item instanceof GroupedPacket) {
          inputs[port.id] = item.packet;
          (groupings ??= {})[port.id] = item.grouping;
          inherited ??= item.grouping;
        } else inputs[port.id] = item;
        this.queued--;
      } else if (port.hasSticky) inputs[port.id] = port.stickyValue;
    }
    this.takenGroupings = groupings;
    this.firingGrouping = inherited;
    return inputs;
  }
}
