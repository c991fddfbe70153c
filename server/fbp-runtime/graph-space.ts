import { type Catalogue, type GraphComponents } from '../engine';
import { type ExecutionService } from '../executions';
import { type Logger } from '../logger';
import { type JsonObject } from '../../model';
import { type ProtocolGraphStore } from '../storage';
import { type GraphByteBudget } from './graph-byte-budget';
import { NetworkRuns } from './network-runs';
import { type ProtocolGraphLimits } from './protocol-graph';
import { ProtocolGraphs } from './protocol-graphs';
import { type FbpMessage } from './protocol-message';
import { type RuntimeContext, type Send } from './runtime-context';

/** What a {@link GraphSpace} is made of; the store, budget and components are shared by every space of a runtime. */
export interface GraphSpaceOptions {
  /** The tenant whose space it is; undefined: the space of the clients of no tenant. */
  tenant: string | undefined;
  executions: ExecutionService;
  catalogue: Catalogue;
  store: ProtocolGraphStore;
  /** The tenant's graph documents the store held when the runtime started, by store key. */
  kept: ReadonlyMap<string, JsonObject>;
  limits: ProtocolGraphLimits;
  /** Graphs the tenant holds at once. */
  maxGraphs: number;
  budget: GraphByteBudget;
  components: GraphComponents;
  logger: Logger;
}

/**
 * The graphs, networks and clients of one tenant in an FBP runtime: a namespace of graph ids of its own, as FBP
 * clients choose the ids (fbp-spec always the same ones). A client works within the space of its secret's tenant:
 * it sees and changes that space's graphs only, and is sent the packets and changes of that space only.
 */
export class GraphSpace {
  readonly graphs: ProtocolGraphs;
  readonly networks: NetworkRuns;
  readonly context: RuntimeContext;
  private readonly clients = new Set<Send>();

  constructor(readonly options: GraphSpaceOptions) {
    const { tenant, executions, catalogue } = options;
    this.graphs = new ProtocolGraphs({
      tenant,
      store: options.store,
      kept: options.kept,
      limits: options.limits,
      maxGraphs: options.maxGraphs,
      budget: options.budget,
      catalogue,
      components: options.components,
      running: (id) => this.networks.isRunning(id),
      logger: options.logger,
    });
    const outlet = {
      network: (command: string, payload: JsonObject) => this.broadcast({ protocol: 'network', command, payload }),
      packet: (payload: JsonObject) => this.broadcast({ protocol: 'runtime', command: 'packet', payload }),
    };
    this.networks = new NetworkRuns(executions, catalogue, (id) => this.graphs.get(id), outlet, tenant);
    this.context = { graphs: this.graphs, networks: this.networks, catalogue, broadcast: (message, except) => this.broadcast(message, except) };
  }

  /** The tenant whose space it is. */
  get tenant(): string | undefined {
    return this.options.tenant;
  }

  /** From now on `send` is sent every change and packet of the space. */
  join(send: Send): void {
    this.clients.add(send);
  }

  leave(send: Send): void {
    this.clients.delete(send);
  }

  private broadcast(message: FbpMessage, except?: Send): void {
    for (const send of this.clients) if (send !== except) send(message);
  }
}
