import { type GraphJson, type GraphProcessJson } from '../../../model';
import { SUBGRAPH_COMPONENT } from './graph';

// The key of the components that belong to no tenant: a tenant's name is never empty.
const NO_TENANT = '';

/**
 * Components that are graphs: names that a graph's processes may use as they use an actor id, each standing for
 * a graph kept elsewhere (the FBP protocol runtime's graphs). A graph that uses one is expanded before it is
 * checked: each such process becomes a `subgraph` node whose `metadata.graph` is the named graph as it is at that
 * moment, so that the execution records what it ran, and a later change of the named graph changes later runs only.
 * Each tenant has its own names: a graph of a tenant is expanded with that tenant's components only, and a graph
 * of no tenant with the components of no tenant.
 */
export class GraphComponents {
  private readonly tenants = new Map<string, Map<string, () => GraphJson>>();

  /** Makes `name` stand, within `tenant`'s graphs, for the graph `source` answers when a graph using it is expanded. */
  set(name: string, source: () => GraphJson, tenant?: string): void {
    const key = tenant ?? NO_TENANT;
    const graphs = this.tenants.get(key) ?? new Map<string, () => GraphJson>();
    graphs.set(name, source);
    this.tenants.set(key, graphs);
  }

  delete(name: string, tenant?: string): void {
    const key = tenant ?? NO_TENANT;
    const graphs = this.tenants.get(key);
    graphs?.delete(name);
    if (graphs?.size === 0) this.tenants.delete(key);
  }

  has(name: string, tenant?: string): boolean {
    return this.of(tenant).has(name);
  }

  /**
   * The graph with every process that names a graph component of `tenant` replaced by a `subgraph` node holding
   * that graph, expanded in turn; the graph itself when it uses none. A graph component that names itself
   * (directly or through others) is left as it is named, for validation to report as unknown.
   */
  expand(graph: GraphJson, tenant?: string): GraphJson {
    return this.expandWithin(graph, this.of(tenant), []);
  }

  private of(tenant: string | undefined): ReadonlyMap<string, () => GraphJson> {
    return this.tenants.get(tenant ?? NO_TENANT) ?? new Map();
  }

  private expandWithin(graph: GraphJson, graphs: ReadonlyMap<string, () => GraphJson>, trail: readonly string[]): GraphJson {
    const processes = graph.processes;
    const entries: [string, GraphProcessJson][] = Array.isArray(processes) ? processes.map((process) => [process.id, process]) : Object.entries(processes);
    const expands = (component: string) => graphs.has(component) && !trail.includes(component);
    if (!entries.some(([, process]) => expands(process.component))) return graph;
    const expandOne = (process: GraphProcessJson): GraphProcessJson => {
      const source = graphs.get(process.component);
      if (source === undefined || trail.includes(process.component)) return process;
      const inner = this.expandWithin(source(), graphs, [...trail, process.component]);
      return { ...process, component: SUBGRAPH_COMPONENT, metadata: { ...(process.metadata ?? {}), graph: inner } };
    };
    const expanded = Array.isArray(processes)
      ? processes.map((process) => ({ ...expandOne(process), id: process.id }))
      : Object.fromEntries(entries.map(([id, process]) => [id, expandOne(process)]));
    return { ...graph, processes: expanded };
  }
}
