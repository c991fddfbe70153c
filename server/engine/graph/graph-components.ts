import { type GraphJson, type GraphProcessJson } from '../../../model';
import { SUBGRAPH_COMPONENT } from './graph';

/**
 * Components that are graphs: names that a graph's processes may use as they use an actor id, each standing for
 * a graph kept elsewhere (the FBP protocol runtime's graphs). A graph that uses one is expanded before it is
 * checked: each such process becomes a `subgraph` node whose `metadata.graph` is the named graph as it is at that
 * moment, so that the execution records what it ran, and a later change of the named graph changes later runs only.
 */
export class GraphComponents {
  private readonly graphs = new Map<string, () => GraphJson>();

  /** Makes `name` stand for the graph `source` answers when a graph using it is expanded. */
  set(name: string, source: () => GraphJson): void {
    this.graphs.set(name, source);
  }

  delete(name: string): void {
    this.graphs.delete(name);
  }

  has(name: string): boolean {
    return this.graphs.has(name);
  }

  /**
   * The graph with every process that names a graph component replaced by a `subgraph` node holding that graph,
   * expanded in turn; the graph itself when it uses none. A graph component that names itself (directly or
   * through others) is left as it is named, for validation to report as unknown.
   */
  expand(graph: GraphJson, trail: readonly string[] = []): GraphJson {
    const processes = graph.processes;
    const entries: [string, GraphProcessJson][] = Array.isArray(processes) ? processes.map((process) => [process.id, process]) : Object.entries(processes);
    if (!entries.some(([, process]) => this.expands(process.component, trail))) return graph;
    const expandOne = (process: GraphProcessJson): GraphProcessJson => {
      const source = this.graphs.get(process.component);
      if (source === undefined || trail.includes(process.component)) return process;
      const inner = this.expand(source(), [...trail, process.component]);
      return { ...process, component: SUBGRAPH_COMPONENT, metadata: { ...(process.metadata ?? {}), graph: inner } };
    };
    const expanded = Array.isArray(processes)
      ? processes.map((process) => ({ ...expandOne(process), id: process.id }))
      : Object.fromEntries(entries.map(([id, process]) => [id, expandOne(process)]));
    return { ...graph, processes: expanded };
  }

  private expands(component: string, trail: readonly string[]): boolean {
    return this.graphs.has(component) && !trail.includes(component);
  }
}
