import { LineCollector } from './line-collector';

/** The prefixes of a child's two output streams in its log lines: stdout's and stderr's. */
const STREAMS = ['', '[stderr] '] as const;

/**
 * Splits the output of a long-lived interpreter into the log lines of its firings. Its stdout and stderr are
 * read as they come; once a firing is done, the harness writes the firing's marker on each, and a firing's lines
 * are what came before the marker on both streams. What comes after a marker, or between firings, belongs to
 * the next firing.
 */
export class FiringLogs {
  private current = new LineCollector();
  private next = new LineCollector();
  private readonly held = new Map<string, string>();
  private readonly awaiting = new Set<string>();
  private marker: string | undefined;
  private onMarked: () => void = () => undefined;

  /** Starts a firing whose harness ends its output with `marker`; `onMarked` runs once both streams showed it. */
  expect(marker: string, onMarked: () => void): void {
    this.marker = marker;
    this.onMarked = onMarked;
    for (const stream of STREAMS) this.awaiting.add(stream);
  }

  /** Takes a chunk of one stream; `prefix` is `''` for stdout and `'[stderr] '` for stderr. */
  feed(prefix: (typeof STREAMS)[number], chunk: string): void {
    const marker = this.marker;
    if (marker === undefined || !this.awaiting.has(prefix)) {
      (marker === undefined ? this.current : this.next).feed(prefix, chunk);
      return;
    }
    const text = (this.held.get(prefix) ?? '') + chunk;
    const at = text.indexOf(marker);
    if (at === -1) {
      // The end of the chunk may be the start of a marker cut in two: hold it until the next chunk.
      const kept = Math.min(text.length, marker.length - 1);
      this.current.feed(prefix, text.slice(0, text.length - kept));
      this.held.set(prefix, text.slice(text.length - kept));
      return;
    }
    this.current.feed(prefix, text.slice(0, at));
    this.held.delete(prefix);
    this.awaiting.delete(prefix);
    const rest = text.slice(at + marker.length);
    if (rest !== '') this.next.feed(prefix, rest);
    if (this.awaiting.size === 0) this.onMarked();
  }

  /** Ends the firing, marked or not, and answers its lines; later output goes to the next firing. */
  finish(): string[] {
    for (const [prefix, text] of this.held) this.current.feed(prefix as (typeof STREAMS)[number], text);
    this.held.clear();
    this.awaiting.clear();
    this.marker = undefined;
    this.onMarked = () => undefined;
    const lines = this.current.finish();
    this.current = this.next;
    this.next = new LineCollector();
    return lines;
  }
}
