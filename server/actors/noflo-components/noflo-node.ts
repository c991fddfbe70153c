import type * as noflo from 'noflo';
import { type ActorContext, type JsonValue } from '../../engine';
import { type Bracket, OutportStreams, bracketsBetween, groupsAfter } from './noflo-brackets';
import { dataForNoflo, errorMessageOf, packetFromNoflo } from './noflo-packets';
import { postingOrderOf } from './noflo-port-specs';

/** The `noflo` module, loaded when the operator lists a component package. */
export type NofloModule = typeof noflo;

/** What a wrapped component's firing sees; its configuration is empty. */
export type NofloFiring = ActorContext<unknown, string, string, NofloNodeState>;

/** Per node: the component instance, made at the node's first firing (loading is asynchronous). */
export interface NofloNodeState {
  node?: NofloNode;
}

/** Where a node's component comes from: NoFlo's loader of its package, and its name there (`strings/SplitStr`). */
export interface NofloComponentSource {
  readonly noflo: NofloModule;
  readonly loader: noflo.ComponentLoader;
  readonly name: string;
}

/**
 * One node's NoFlo component, run as NoFlo's network runs it: sockets on its ports (an inport only when the graph
 * feeds it, as `input.attached()` tells components; every outport, so that the run sees whatever it sends), each
 * packet posted as a data IP, each data IP it sends passed on as a packet. A packet's groups reach the component as
 * brackets around it (see {@link bracketsBetween}), and the brackets it sends become the groups of the packets it
 * sends within them.
 */
export class NofloNode {
  private context: NofloFiring;
  private sends: Promise<void>[] = [];
  private errors: string[] = [];
  private readonly inSockets = new Map<string, noflo.internalSocket.InternalSocket>();
  /** The groups open on each inport: those of the last packet posted there that did not close after it. */
  private readonly inGroups = new Map<string, readonly JsonValue[]>();
  private readonly outStreams = new OutportStreams((port, packet, grouping) => this.sends.push(this.context.send(port, packet, grouping)));
  private firing = false;
  private readonly order: readonly string[];
  private stopping: Promise<void> | undefined;

  private constructor(
    private readonly noflo: NofloModule,
    private readonly component: noflo.Component,
    context: NofloFiring,
  ) {
    this.context = context;
    this.order = postingOrderOf(component);
  }

  /** Loads the component for the node of `context`, attaches its sockets, starts it and sends its ports' defaults. */
  static async start(source: NofloComponentSource, context: NofloFiring): Promise<NofloNode> {
    const component = await source.loader.load(source.name, {});
    if (!component.isReady()) await new Promise<void>((resolve) => component.once('ready', () => resolve()));
    component.nodeId = context.node.id;
    const node = new NofloNode(source.noflo, component, context);
    node.attachOutPorts();
    const defaults = node.attachInPorts();
    await component.start();
    for (const [socket, value] of defaults) node.guard(() => socket.post(new source.noflo.IP('data', value, { initial: true })));
    return node;
  }

  /**
   * Posts one firing's packets, each after the brackets that close the groups before it that it is not within and
   * open its own, and before the brackets that close the groups its stream ends (see `Grouping.closing`). Then
   * waits until the component has finished what they started (its load back to 0), sends what it held back and
   * waits until its sends have room, and throws what it sent on `error` (or threw) as the node's failure.
   */
  async fire(context: NofloFiring): Promise<void> {
    this.context = context;
    this.firing = true;
    try {
      await this.post(context);
    } finally {
      this.firing = false;
    }
  }

  private async post(context: NofloFiring): Promise<void> {
    for (const port of this.order) {
      const packet: JsonValue | undefined = context.inputs[port];
      const socket = this.inSockets.get(port);
      if (packet === undefined || socket === undefined) continue;
      const grouping = context.groupings?.[port];
      const groups = grouping?.groups ?? [];
      this.postBrackets(socket, bracketsBetween(this.inGroups.get(port) ?? [], groups));
      const datatype = this.component.inPorts.ports[port].getDataType();
      this.guard(() => socket.post(new this.noflo.IP('data', dataForNoflo(packet, datatype))));
      const after = grouping === undefined ? groups : groupsAfter(grouping);
      this.postBrackets(socket, bracketsBetween(groups, after));
      this.inGroups.set(port, after);
    }
    await this.idle(context);
    this.outStreams.releaseAll();
    const sends = this.sends;
    this.sends = [];
    await Promise.all(sends);
    const errors = this.errors;
    this.errors = [];
    if (errors.length > 0) throw new Error(errors.join('; '));
  }

  /**
   * Ends the component as NoFlo's network does, once: its tearDown, then its in-flight work (which the run's grace
   * time bounds), then its buffers.
   */
  shutdown(): Promise<void> {
    this.stopping ??= this.component.shutdown();
    return this.stopping;
  }

  private attachInPorts(): [noflo.internalSocket.InternalSocket, unknown][] {
    const defaults: [noflo.internalSocket.InternalSocket, unknown][] = [];
    for (const [name, port] of Object.entries(this.component.inPorts.ports)) {
      const fed = this.context.isConnected(name);
      // NoFlo's network sends a port's default once at start when nothing else is attached to it.
      if (!fed && !port.hasDefault()) continue;
      const socket = this.noflo.internalSocket.createSocket();
      port.attach(socket);
      if (fed) this.inSockets.set(name, socket);
      else defaults.push([socket, port.options.default]);
    }
    return defaults;
  }

  private attachOutPorts(): void {
    for (const [name, port] of Object.entries(this.component.outPorts.ports)) {
      const socket = this.noflo.internalSocket.createSocket();
      port.attach(socket);
      socket.on('ip', (ip: noflo.IP) => this.received(name, ip));
    }
  }

  private postBrackets(socket: noflo.internalSocket.InternalSocket, brackets: readonly Bracket[]): void {
    for (const { type, data } of brackets) this.guard(() => socket.post(new this.noflo.IP(type, data)));
  }

  private received(port: string, ip: noflo.IP): void {
    if (ip.type !== 'data') {
      if (port !== 'error') this.receivedBracket(port, ip);
      return;
    }
    if (port === 'error') {
      this.errors.push(errorMessageOf(ip.data));
      return;
    }
    let packet: JsonValue;
    try {
      packet = packetFromNoflo(ip.data);
    } catch (error) {
      this.errors.push(`Port '${port}' was sent a value with no JSON form: ${(error as Error).message}`);
      return;
    }
    this.receivedData(port, packet);
  }

  private receivedData(port: string, packet: JsonValue): void {
    this.outStreams.data(port, packet);
    // A packet sent outside a firing has no end of firing to wait for.
    if (!this.firing) this.outStreams.releaseAll();
  }

  private receivedBracket(port: string, ip: noflo.IP): void {
    let data: JsonValue;
    try {
      data = packetFromNoflo(ip.data);
    } catch (error) {
      this.errors.push(`Port '${port}' was sent a bracket with no JSON form: ${(error as Error).message}`);
      return;
    }
    this.outStreams.bracket(port, { type: ip.type === 'openBracket' ? 'openBracket' : 'closeBracket', data });
  }

  /** Runs a post, keeping what the component threw (a processing function without an `error` port throws) as an error. */
  private guard(post: () => void): void {
    try {
      post();
    } catch (error) {
      this.errors.push(errorMessageOf(error));
    }
  }

  /** Resolves once the component is not processing anything, or the run stops (then the component is shut down). */
  private idle(context: NofloFiring): Promise<void> {
    if (this.component.load <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const { signal } = context;
      const done = (): void => {
        this.component.removeListener('deactivate', onDeactivate);
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onDeactivate = (load: number): void => {
        if (load <= 0) done();
      };
      const onAbort = (): void => {
        done();
        this.shutdown().catch(() => undefined);
      };
      if (signal.aborted) return onAbort();
      this.component.on('deactivate', onDeactivate);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
