import { type TerminalEvent } from '../model';
import { statusOfTerminal } from './exit-code';
import { type ProgressSnapshot } from './run-progress';

/** The width of the bar itself, in characters. */
const BAR_WIDTH = 24;
const SPINNER = ['-', '\\', '|', '/'] as const;

/** Elapsed time as `m:ss.t` (`0:02.3`, `12:05.0`). */
export function formatElapsed(ms: number): string {
  const tenths = Math.floor(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  return `${minutes}:${seconds.toFixed(1).padStart(4, '0')}`;
}

/** `3/5 nodes`, or `3 nodes` while the total is unknown. */
function nodesText({ nodesFired, nodesTotal }: ProgressSnapshot): string {
  return nodesTotal === undefined ? `${nodesFired} nodes` : `${nodesFired}/${nodesTotal} nodes`;
}

/** `120 packets`, and the failed nodes when there are any. */
function countsText(snapshot: ProgressSnapshot): string {
  const packets = `${snapshot.packets} ${snapshot.packets === 1 ? 'packet' : 'packets'}`;
  return snapshot.nodesFailed > 0 ? `${packets} · ${snapshot.nodesFailed} failed` : packets;
}

/**
 * The one line a terminal shows while a run goes on: a bar of the nodes done (a spinner while their number is
 * unknown), the nodes and packets, and the elapsed time, cut to `columns`.
 * @example progressLine({ nodesFired: 3, nodesTotal: 5, nodesFailed: 0, packets: 120, elapsedMs: 2300 }, 80, 0)
 * // '[##############----------] 3/5 nodes · 120 packets · 0:02.3'
 */
export function progressLine(snapshot: ProgressSnapshot, columns: number, tick: number): string {
  const { nodesFired, nodesTotal } = snapshot;
  const filled = nodesTotal ? Math.min(BAR_WIDTH, Math.round((nodesFired / nodesTotal) * BAR_WIDTH)) : 0;
  const bar = nodesTotal ? `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]` : `[${SPINNER[tick % SPINNER.length]}]`;
  const line = `${bar} ${nodesText(snapshot)} · ${countsText(snapshot)} · ${formatElapsed(snapshot.elapsedMs)}`;
  return line.length < columns ? line : line.slice(0, Math.max(0, columns - 1));
}

const VERB = { completed: 'Completed in', failed: 'Failed after', cancelled: 'Cancelled after' } as const;

/** The line that reports how a run ended: `Completed in 0:02.3: 5/5 nodes, 120 packets`. */
export function summaryLine(terminal: TerminalEvent, snapshot: ProgressSnapshot): string {
  return `${VERB[statusOfTerminal(terminal)]} ${formatElapsed(snapshot.elapsedMs)}: ${nodesText(snapshot)}, ${countsText(snapshot).replace(' · ', ', ')}`;
}
