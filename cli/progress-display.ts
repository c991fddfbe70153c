import { type EngineEvent, type TerminalEvent } from '../model';
import { progressLine, summaryLine } from './progress-format';
import { type RunLabels, runLabels, withResultNames } from './run-labels';
import { type RunProgress } from './run-progress';
import { terminalText } from './terminal-text';

/** Where progress is written: stderr, so that stdout carries the outputs alone. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** How progress is shown: a redrawn bar on a terminal, plain lines elsewhere, or nothing (`--quiet`). */
export type ProgressMode = 'bar' | 'lines' | 'none';

/** Shows a run's progress as its events arrive, and how it ended. */
export interface ProgressDisplay {
  /** The run has been accepted under this id; `labels` name its workflow and nodes in the lines that follow. */
  started(executionId: string, labels: RunLabels): void;
  /** One event of the run, in log order. */
  event(event: EngineEvent): void;
  /** A line for the person at the terminal (that the run is being cancelled). */
  note(text: string): void;
  /** The run has ended: stops redrawing and reports the end and the run's errors. */
  finish(terminal: TerminalEvent): void;
  /** Stops redrawing without a report, when the command fails before the run ends. */
  stop(): void;
}

/** How often the bar is redrawn, so that the elapsed time moves while nothing else happens. */
const REDRAW_MS = 100;
const CLEAR_LINE = '\r\x1b[2K';

/** A bar redrawn in place on a terminal, on a timer rather than per event: a fast run sends thousands. */
function barDisplay(stream: ProgressStream, progress: RunProgress): ProgressDisplay {
  let labels = runLabels(undefined);
  let tick = 0;
  const draw = () => stream.write(`${CLEAR_LINE}${progressLine(progress.snapshot(), stream.columns ?? 80, tick++)}`);
  const timer = setInterval(draw, REDRAW_MS);
  timer.unref();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    stream.write(CLEAR_LINE);
  };
  // A line above the bar: the bar is drawn again below it at the next tick.
  const line = (text: string) => {
    if (!stopped) stream.write(`${CLEAR_LINE}${text}\n`);
  };
  draw();
  return {
    started: (executionId, named) => {
      labels = named;
      line(startedLine(executionId, labels));
    },
    event: (event) => void progress.observe(event),
    note: line,
    finish: (terminal) => {
      stop();
      stream.write(`${report(terminal, progress, labels)}\n`);
    },
    stop,
  };
}

/** Plain lines for logs and pipes: the id, each node's first finished firing and first failure, and the end. */
function lineDisplay(stream: ProgressStream, progress: RunProgress): ProgressDisplay {
  const failed = new Set<string>();
  let labels = runLabels(undefined);
  return {
    started: (executionId, named) => {
      labels = named;
      stream.write(`${startedLine(executionId, labels)}\n`);
    },
    note: (text) => stream.write(`${text}\n`),
    event: (event) => {
      const done = progress.observe(event);
      if (event._type === 'ActorFailed' && !failed.has(event.actorId)) {
        failed.add(event.actorId);
        stream.write(`Node ${terminalText(labels.node(event.actorId))} failed: ${terminalText(event.error)}\n`);
      } else if (done !== undefined) {
        const { nodesFired, nodesTotal } = progress.snapshot();
        stream.write(`Node ${terminalText(labels.node(done))} done (${nodesTotal === undefined ? nodesFired : `${nodesFired}/${nodesTotal}`})\n`);
      }
    },
    finish: (terminal) => stream.write(`${report(terminal, progress, labels)}\n`),
    stop: () => undefined,
  };
}

/** `Started execution <id>`, and the workflow's name when it has one: `Started execution <id> (Square root demo)`. */
function startedLine(executionId: string, labels: RunLabels): string {
  const name = labels.workflowName === undefined ? '' : ` (${terminalText(labels.workflowName)})`;
  return `Started execution ${terminalText(executionId)}${name}`;
}

/** The summary line and, for a run that did not complete, each of its errors (or the failure's reason when it lists none). */
function report(terminal: TerminalEvent, progress: RunProgress, graphLabels: RunLabels): string {
  const lines = [summaryLine(terminal, progress.snapshot())];
  if (terminal._type === 'Completed') return lines[0];
  const labels = withResultNames(graphLabels, terminal.result.names);
  for (const error of terminal.result.errors)
    lines.push(`  ${error.node_id ? `${terminalText(labels.node(error.node_id))}: ` : ''}${terminalText(error.message)}`);
  if (terminal._type === 'Failed' && terminal.result.errors.length === 0) lines.push(`  ${terminalText(terminal.error)}`);
  return lines.join('\n');
}

/** Counts the events and shows nothing (`--quiet`). */
function silentDisplay(progress: RunProgress): ProgressDisplay {
  return { started: () => undefined, event: (event) => void progress.observe(event), note: () => undefined, finish: () => undefined, stop: () => undefined };
}

/** Builds the display of a mode; every mode feeds `progress`, whose terminal event the caller reads. */
export function createProgressDisplay(mode: ProgressMode, stream: ProgressStream, progress: RunProgress): ProgressDisplay {
  if (mode === 'bar') return barDisplay(stream, progress);
  if (mode === 'lines') return lineDisplay(stream, progress);
  return silentDisplay(progress);
}
