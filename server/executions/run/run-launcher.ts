import { type GraphCompiler, type ValidGraph } from '../../engine';
import { type ExecutionRecord } from '../execution-record';
import { checkGraph } from '../start/graph-check';
import { ExecutionRun } from './execution-run';
import { type RunEnvironment } from './run-environment';

/**
 * Claims queued executions for this node and runs each as an {@link ExecutionRun}: the one place runs are made.
 * It keeps the checked graphs of the executions started here that will run here, so that a graph is checked once
 * per start; an execution claimed without one (started on another node, or before a restart) has its stored
 * request checked again.
 */
export class RunLauncher {
  private readonly kept = new Map<string, ValidGraph>();

  constructor(
    private readonly env: RunEnvironment,
    private readonly compiler: GraphCompiler,
    private readonly nodeId: string,
  ) {}

  /** Keeps the checked graph of an execution that will run here. */
  keep(id: string, graph: ValidGraph): void {
    this.kept.set(id, graph);
  }

  /** Forgets the graph kept for an execution that will not run (cancelled while queued). */
  forget(id: string): void {
    this.kept.delete(id);
  }

  /**
   * Claims a queued execution for this node and runs it; resolves once it has ended, with its run, or with
   * undefined when it was cancelled or claimed elsewhere first. `onClaimed` hears of the claim before the run starts.
   */
  async launch(id: string, onClaimed?: (record: ExecutionRecord) => void): Promise<ExecutionRun | undefined> {
    const { env } = this;
    const record = await env.store.claim(id, this.nodeId, env.now());
    const graph = this.kept.get(id);
    this.kept.delete(id);
    if (!record) return undefined;
    const run = new ExecutionRun(record, env);
    onClaimed?.(record);
    await run.run(graph ?? checkGraph(record.request, this.compiler).graph);
    return run;
  }
}
