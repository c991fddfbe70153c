import { type Catalogue, type GraphComponents } from '../engine';
import { type Logger } from '../logger';
import { type JsonObject } from '../../model';
import { type ProtocolGraphStore } from '../storage';
import { type GraphByteBudget } from './graph-byte-budget';
import { GraphCommandError } from './graph-command-error';
import { graphIdProblem, graphStoreKey } from './graph-store-key';
import { ProtocolGraph, type ProtocolGraphLimits } from './protocol-graph';
import { graphFromDocument } from './protocol-graph-document';

/** What the {@link ProtocolGraphs} of one tenant (or of no tenant) are held within and kept in. */
export interface ProtocolGraphsOptions {
  /** The tenant whose graphs these are; undefined: the graphs of no tenant. */
  tenant?: string;
  store: ProtocolGraphStore;
  /** The documents of these graphs the store held when the runtime started, by store key. @default none */
  kept?: ReadonlyMap<string, JsonObject>;
  limits: ProtocolGraphLimits;
  /** Graphs held at once; beyond it the least recently changed idle graph is let go. */
  maxGraphs: number;
  /** The bytes the graphs of every tenant hold together, shared by their ProtocolGraphs. */
  budget: GraphByteBudget;
  catalogue: Catalogue;
  /** Where graphs that are components are registered, for other graphs (and HTTP requests) to use. */
  components: GraphComponents;
  /** Whether a graph's network runs now: such a graph is never let go. */
  running(id: string): boolean;
  logger: Logger;
}

// fbp-spec names the graphs it builds for its test cases so; they are fixtures, not components.
const FIXTURE_PREFIX = 'fixture.';

/**
 * The graphs of one tenant (or of no tenant) in an FBP runtime, shared by that tenant's clients: held in memory,
 * each change put in the store with the tenant, read again when the runtime starts. A graph that is not the main
 * graph is also a component (a subgraph) of the tenant's graphs, named by its id, prefixed with its library when
 * `graph:clear` gave one. When the tenant holds as many graphs as it may, a new graph lets go of the tenant's least
 * recently changed one that is neither its main graph nor running: the protocol has no command to remove a graph,
 * so this is how graphs that clients left behind make room, and a tenant never makes room with another's.
 */
export class ProtocolGraphs {
  // Least recently changed first: a change moves a graph to the end.
  private readonly graphs = new Map<string, ProtocolGraph>();
  private readonly componentNames = new Map<string, string>();
  private readonly budget: GraphByteBudget;
  private main: string | undefined;

  constructor(private readonly options: ProtocolGraphsOptions) {
    this.budget = options.budget;
    this.load();
  }

  /** The id of the main graph: the last cleared with `main: true`, else the first cleared. */
  get mainGraph(): string | undefined {
    return this.main;
  }

  get(id: string): ProtocolGraph | undefined {
    return this.graphs.get(id);
  }

  /** @throws GraphCommandError when no graph has this id */
  require(id: string | undefined): ProtocolGraph {
    if (id === undefined) throw new GraphCommandError('No graph specified');
    const graph = this.graphs.get(id);
    if (graph === undefined) throw new GraphCommandError('Requested graph not found');
    return graph;
  }

  /** Every graph that is a component, by component name. */
  components(): ProtocolGraph[] {
    return [...this.componentNames.values()].map((id) => this.graphs.get(id)).filter((graph): graph is ProtocolGraph => graph !== undefined);
  }

  /** The graph a component name stands for. */
  byComponent(name: string): ProtocolGraph | undefined {
    const id = this.componentNames.get(name);
    return id === undefined ? undefined : this.graphs.get(id);
  }

  /** Whether a node may use this component: a catalogue actor or a graph component. */
  hasComponent(name: string): boolean {
    return this.options.catalogue.has(name) || this.componentNames.has(name);
  }

  /**
   * Makes an empty graph with these properties, replacing a graph of that id. Answers the id of the graph let go
   * to make room, if one was.
   * @throws GraphCommandError when the runtime is full of graphs that may not be let go, or past its byte budget
   */
  clear(id: string, properties: JsonObject): string | undefined {
    const problem = graphIdProblem(id);
    if (problem !== undefined) throw new GraphCommandError(problem);
    const replaced = this.graphs.get(id);
    const evicted = replaced === undefined && this.graphs.size >= this.options.maxGraphs ? this.evictable() : undefined;
    if (replaced === undefined && this.graphs.size >= this.options.maxGraphs && evicted === undefined) {
      throw new GraphCommandError(`The runtime holds ${this.options.maxGraphs} graphs, the most it may, and each is the main graph or running`);
    }
    const graph = new ProtocolGraph(id, properties, this.options.limits, this.budget);
    // The new graph replaces one of the same id, or one let go: the budget is asked only for the difference.
    this.budget.change(graph.bytes - (replaced?.bytes ?? 0) - (evicted === undefined ? 0 : (this.graphs.get(evicted)?.bytes ?? 0)));
    if (evicted !== undefined) this.drop(evicted);
    if (replaced !== undefined) this.unregister(replaced.id);
    this.graphs.delete(id);
    if (properties.main === true || this.main === undefined || !this.graphs.has(this.main)) this.main = id;
    this.changed(graph);
    return evicted;
  }

  /** After a change: the graph is kept in the store, counts as the most recently changed, and its component follows. */
  changed(graph: ProtocolGraph): void {
    this.graphs.delete(graph.id);
    this.graphs.set(graph.id, graph);
    const { tenant } = this.options;
    this.options.store.put(graphStoreKey(tenant, graph.id), tenant === undefined ? graph.toDocument() : { ...graph.toDocument(), tenant });
    this.register(graph);
  }

  /** The component name of a graph, or undefined when it is none (the main graph, an fbp-spec fixture, a name the catalogue has). */
  componentName(graph: ProtocolGraph): string | undefined {
    const { main, library } = graph.info;
    if (main === true || graph.id.startsWith(FIXTURE_PREFIX)) return undefined;
    const name = typeof library === 'string' && library !== '' && !graph.id.includes('/') ? `${library}/${graph.id}` : graph.id;
    return this.options.catalogue.has(name) ? undefined : name;
  }

  private register(graph: ProtocolGraph): void {
    const name = this.componentName(graph);
    if (name === undefined) return;
    this.componentNames.set(name, graph.id);
    this.options.components.set(name, () => graph.toGraphJson(), this.options.tenant);
  }

  private unregister(id: string): void {
    for (const [name, graphId] of this.componentNames) {
      if (graphId !== id) continue;
      this.componentNames.delete(name);
      this.options.components.delete(name, this.options.tenant);
    }
  }

  private evictable(): string | undefined {
    for (const id of this.graphs.keys()) if (id !== this.main && !this.options.running(id)) return id;
    return undefined;
  }

  // The graph's bytes were given back by the caller, as part of the change that made room.
  private drop(id: string): void {
    const graph = this.graphs.get(id);
    if (graph === undefined) return;
    this.unregister(id);
    this.graphs.delete(id);
    this.options.store.delete(graphStoreKey(this.options.tenant, id));
    this.options.logger.info({ graph: id, tenant: this.options.tenant }, 'An idle FBP protocol graph was let go to make room for a new one');
  }

  // The graphs kept from before the start, counted against the limits as if built again; one beyond them (the
  // limits were lowered meanwhile) is left out, and replaced in the store when a client clears its id.
  private load(): void {
    for (const [key, document] of this.options.kept ?? []) {
      try {
        const graph = graphFromDocument(document, this.options.limits, this.budget);
        this.graphs.set(graph.id, graph);
        if (graph.info.main === true || this.main === undefined) this.main = graph.id;
      } catch (caught) {
        if (!(caught instanceof GraphCommandError)) throw caught;
        this.options.logger.warn({ graph: key, reason: caught.message }, 'An FBP protocol graph kept from before the start was left out');
      }
    }
    // Components last: a graph may use one loaded after it.
    for (const graph of this.graphs.values()) this.register(graph);
  }
}
