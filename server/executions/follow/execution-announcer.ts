import { type ActorLogEntry, type EngineEvent, isTerminalEvent } from '../../engine';
import { type Logger } from '../../logger';
import { type ExecutionObserver } from '../execution-observer';
import { type ExecutionRecord } from '../execution-record';
import { type WebhookNotifier } from '../webhook-notifier';
import { ListenerSets } from './listener-sets';

/**
 * Tells whoever follows executions on this node what happened to them: the observers (the IDE bridge, metrics,
 * the lifecycle log), the watchers of each log (event followers), the watchers of each run's log lines, and, once
 * an execution has ended, its webhook.
 */
export class ExecutionAnnouncer {
  private readonly appendWatchers = new ListenerSets<() => void>();
  private readonly lineWatchers = new ListenerSets<(entry: ActorLogEntry) => void>();

  constructor(
    private readonly observers: readonly ExecutionObserver[],
    private readonly webhooks: WebhookNotifier | undefined,
    private readonly logger: Logger,
  ) {}

  /** Calls `onAppend` after each event appended to an execution's log, until the returned function is called. */
  watch(id: string, onAppend: () => void): () => void {
    return this.appendWatchers.add(id, onAppend);
  }

  /** Calls `onLine` with each log line of an execution's run on this node, until the returned function is called. */
  watchLines(id: string, onLine: (entry: ActorLogEntry) => void): () => void {
    return this.lineWatchers.add(id, onLine);
  }

  /** The execution has been accepted by this node: queued here, or, in a cluster, claimed. */
  accepted(record: ExecutionRecord): void {
    for (const observer of this.observers) {
      try {
        observer.onAccepted?.(record);
      } catch (error) {
        this.observerThrew(error);
      }
    }
  }

  /** An event was logged here: the observers and the log's watchers hear of it, and of the end a terminal event brings. */
  logged(record: ExecutionRecord, event: EngineEvent): void {
    for (const observer of this.observers) {
      try {
        observer.onEvent?.(record, event);
      } catch (error) {
        this.observerThrew(error);
      }
    }
    this.appended(record.id);
    if (isTerminalEvent(event)) this.finished(record);
  }

  /** Events were appended to an execution's log (on another node): its watchers read on. */
  appended(id: string): void {
    const watchers = this.appendWatchers.of(id);
    if (watchers !== undefined) for (const onAppend of watchers) onAppend();
  }

  /** Notifications of appends may have been missed: every watcher reads on. */
  appendedAnywhere(): void {
    this.appendWatchers.forEach((onAppend) => onAppend());
  }

  /** A run of this node wrote a log line: each watcher gets it with the run's secrets masked (nothing is masked while none watches). */
  line(id: string, entry: ActorLogEntry, mask: { text(text: string): string }): void {
    const watchers = this.lineWatchers.of(id);
    if (watchers !== undefined) for (const onLine of watchers) onLine({ ...entry, message: mask.text(entry.message) });
  }

  private finished(record: ExecutionRecord): void {
    for (const observer of this.observers) {
      try {
        observer.onFinished?.(record);
      } catch (error) {
        this.observerThrew(error);
      }
    }
    const url = record.request.metadata.webhook_url;
    if (typeof url === 'string' && this.webhooks) {
      void this.webhooks.notify(url, { execution_id: record.id, workflow_id: record.workflowId, status: record.status, result: record.result });
    }
  }

  private observerThrew(error: unknown): void {
    this.logger.warn({ err: error }, 'An execution observer threw');
  }
}
