import { type GraphCompiler, type ValidGraph } from '../../engine';
import { type ExecutionRecord } from '../execution-record';
import { checkGraph } from '../start/graph-check';
import { ExecutionRun } from './execution-run';
import { readResumePoint } from '../recovery/resume-point';
import { type RunEnvironment } from './run-environment';

/**
 * Claims queued executions for this node and runs each as an {@link ExecutionRun}: the one place runs are made.
 * It keeps the checked graphs of the executions started here that will run here, so that a graph is checked once
 * per start; an execution claimed without one (started on another node, or before a restart) has its stored
 * request checked again. An execution marked for resuming is adopted instead, from the node it was running on,
 * and its run goes on from where that node's log and journal stopped.
 */
export class RunLauncher {
  private readonly kept = new Map<string, ValidGraph>();
  /** The executions to resume when launched, with the node each was running on. */
  private readonly toResume = new Map<string, string>();

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

  /** Marks an execution left running by a stopped process of `fromNodeId` (this node's own, or another's) to be resumed when launched. */
  resumeWhenLaunched(id: string, fromNodeId: string): void {
    this.toResume.set(id, fromNodeId);
  }

  /**
   * Claims a queued execution for this node (or adopts one marked for resuming) and runs it; resolves once it has
   * ended, with its run, or with undefined when it was cancelled or claimed elsewhere first. `onClaimed` hears of
   * the claim before the run starts.
   */
  async launch(id: string, onClaimed?: (record: ExecutionRecord) => void): Promise<ExecutionRun | undefined> {
    const from = this.toResume.get(id);
    if (from !== undefined) {
      this.toResume.delete(id);
      return this.resume(id, from, onClaimed);
    }
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

  // Adopts the execution from the stopped node, so that no other node resumes it too, then reads where it stopped.
  private async resume(id: string, fromNodeId: string, onClaimed?: (record: ExecutionRecord) => void): Promise<ExecutionRun | undefined> {
    const { env } = this;
    const record = await env.store.adopt(id, fromNodeId, this.nodeId);
    if (!record) return undefined;
    const run = new ExecutionRun(record, env, await readResumePoint(env.store, id));
    onClaimed?.(record);
    await run.run(checkGraph(record.request, this.compiler).graph);
    return run;
  }
}
