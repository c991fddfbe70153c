import { type Context, ROOT_CONTEXT, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { type FiringIdentity, type FiringScope, errorMessage } from '../engine';
import { type ExecutionObserver, type ExecutionRecord } from '../executions';
import { type TraceKit } from './trace-kit';

/** The attributes of the service's own spans. */
export const WES_ATTRIBUTES = {
  executionId: 'wes.execution.id',
  workflowId: 'wes.workflow.id',
  source: 'wes.execution.source',
  nodeId: 'wes.node.id',
  component: 'wes.component',
  attempt: 'wes.attempt',
  status: 'wes.status',
} as const;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function endFiring(span: Span, error: unknown): void {
  if (error === undefined) span.setAttribute(WES_ATTRIBUTES.status, 'completed');
  else {
    span.setAttribute(WES_ATTRIBUTES.status, 'failed');
    span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
  }
  span.end();
}

/**
 * The spans of executions and their node firings: an `execution` span from an execution's acceptance to its end,
 * the child of whatever span was current when it was accepted (the request that started it), and a
 * `firing <component>` span per attempt of a node's firing, the child of its execution's span and current while
 * the actor runs, so that the actor's outbound calls are its children.
 */
export class ExecutionSpans implements ExecutionObserver {
  /** The spans of the executions accepted and not finished, by execution id. */
  private readonly open = new Map<string, Span>();

  constructor(private readonly kit: TraceKit) {}

  /** Opens the execution's span. */
  onAccepted(execution: ExecutionRecord): void {
    if (this.open.has(execution.id)) return;
    const attributes = {
      [WES_ATTRIBUTES.executionId]: execution.id,
      [WES_ATTRIBUTES.workflowId]: execution.workflowId,
      [WES_ATTRIBUTES.source]: execution.source,
    };
    this.open.set(execution.id, this.kit.tracer.startSpan('execution', { attributes }, this.kit.contexts.active()));
  }

  /** Ends the execution's span with its final state; a failed execution's span is an error with its first message. */
  onFinished(execution: ExecutionRecord): void {
    const span = this.open.get(execution.id);
    if (span === undefined) return;
    this.open.delete(execution.id);
    span.setAttribute(WES_ATTRIBUTES.status, execution.status);
    if (execution.status === 'failed') span.setStatus({ code: SpanStatusCode.ERROR, message: execution.result?.errors[0]?.message });
    span.end();
  }

  /** Runs one firing attempt in its span, ended when the actor's promise settles. */
  readonly firingScope: FiringScope = (firing, fire) => {
    const parent = this.parentOf(firing);
    const span = this.kit.tracer.startSpan(
      `firing ${firing.component}`,
      {
        attributes: {
          [WES_ATTRIBUTES.executionId]: firing.executionId,
          [WES_ATTRIBUTES.workflowId]: firing.workflowId,
          [WES_ATTRIBUTES.nodeId]: firing.nodeId,
          [WES_ATTRIBUTES.component]: firing.component,
          [WES_ATTRIBUTES.attempt]: firing.attempt,
        },
      },
      parent,
    );
    let result: unknown;
    try {
      result = this.kit.contexts.with(trace.setSpan(parent, span), fire);
    } catch (error) {
      endFiring(span, error ?? 'failed');
      throw error;
    }
    if (isThenable(result))
      result.then(
        () => endFiring(span, undefined),
        (error: unknown) => endFiring(span, error ?? 'failed'),
      );
    else endFiring(span, undefined);
    return result;
  };

  /** Ends the spans of executions that are still open (a shutdown leaves them to a later process). */
  endOpen(): void {
    for (const span of this.open.values()) span.end();
    this.open.clear();
  }

  private parentOf(firing: FiringIdentity): Context {
    const execution = this.open.get(firing.executionId);
    return execution === undefined ? this.kit.contexts.active() : trace.setSpan(ROOT_CONTEXT, execution);
  }
}
