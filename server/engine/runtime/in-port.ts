import { type JsonValue } from '../../../model';
import { GroupedPacket, type QueuedPacket, packetOf } from './grouped-packet';
import { PacketQueue } from './packet-queue';
import { type Grouping } from '../sdk/grouping';
import { type PendingSend } from './pending-send';

/** What an input port tells the node that owns it. */
export interface InPortOwner {
  /** A packet was queued on one of the node's ports, or, when `queued` is false, kept by a control port. */
  packetArrived(queued: boolean): void;
}

/** The waiters of a port nobody waits on: shared, never pushed to. */
const NO_WAITERS: PendingSend[] = [];

/** An input port of a node: a bounded packet queue, and the last packet when the port is sticky. */
export class InPort {
  /**
   * Packets waiting to be taken, oldest first, each with its groups when it has some. Starts small: most ports of
   * a short run see one packet.
   */
  readonly queue = new PacketQueue<QueuedPacket>(4);
  /** Whether anything feeds the port (a connection, an initial packet, an exported inport, the input). */
  fed = false;
  /** Whether a sticky port has received a packet it keeps. */
  hasSticky = false;
  /** The packet a sticky port keeps. */
  stickyValue: JsonValue = null;
  /**
   * Whether the port keeps each packet at once instead of queueing it (a control port of a node that has
   * triggering ports too); set when the wiring is sealed.
   */
  keepsOnArrival = false;
  private waiters: PendingSend[] = NO_WAITERS;

  constructor(
    /** The port id as the actor declares it. */
    readonly id: string,
    /** Whether the node needs a packet here to fire. */
    readonly required: boolean,
    /** Whether the port keeps its last packet for later firings. */
    readonly sticky: boolean,
    /** Whether the port is a control port (see `InPortSpec.control`). */
    readonly control: boolean,
    /** Queue length at which senders are made to wait. */
    readonly capacity: number,
    private readonly owner: InPortOwner,
  ) {}

  /**
   * Queues a packet, with its grouping when it was sent within groups, and returns whether the queue still has
   * room. A kept packet (control and sticky ports) keeps no groups: it stands for a setting, not a stream.
   */
  push(packet: JsonValue, grouping?: Grouping): boolean {
    if (this.keepsOnArrival) {
      this.stickyValue = packet;
      this.hasSticky = true;
      this.owner.packetArrived(false);
      return true;
    }
    this.queue.push(grouping === undefined || grouping.groups.length === 0 ? packet : new GroupedPacket(packet, grouping));
    this.owner.packetArrived(true);
    return this.queue.length < this.capacity;
  }

  /** Takes the oldest packet (the caller checked there is one), with its groups, waking senders once there is room. */
  take(): QueuedPacket {
    const packet = this.queue.shift() as QueuedPacket;
    if (this.sticky) {
      this.stickyValue = packetOf(packet);
      this.hasSticky = true;
    }
    if (this.waiters.length > 0 && this.queue.length < this.capacity) this.wakeWaiters();
    return packet;
  }

  /** Whether a sender may go on. */
  hasRoom(): boolean {
    return this.queue.length < this.capacity;
  }

  /** Parks a send until this queue has room. */
  addWaiter(pending: PendingSend): void {
    if (this.waiters === NO_WAITERS) this.waiters = [pending];
    else this.waiters.push(pending);
  }

  /** Lets every parked send go on, because the run is stopping. */
  releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = NO_WAITERS;
    for (const waiter of waiters) waiter.release();
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = NO_WAITERS;
    for (const waiter of waiters) waiter.retry()?.addWaiter(waiter);
  }
}
