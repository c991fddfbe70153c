/** Bounds of a {@link LineCollector}. */
export interface LineCollectorLimits {
  /**
   * Lines kept; later ones are counted and reported as one marker line.
   * @default 1000
   */
  maxLines?: number;
  /**
   * Characters kept of one line (a longer one, or one with no newline, is cut).
   * @default 8192
   */
  maxLineChars?: number;
}

/**
 * Splits a child process's output streams into bounded log lines, in arrival order, so a chatty script
 * cannot fill the host's memory while its output is still drained.
 */
export class LineCollector {
  private readonly lines: string[] = [];
  private readonly partial = new Map<string, string>();
  private dropped = 0;
  private readonly maxLines: number;
  private readonly maxLineChars: number;

  constructor(limits: LineCollectorLimits = {}) {
    this.maxLines = limits.maxLines ?? 1000;
    this.maxLineChars = limits.maxLineChars ?? 8192;
  }

  /** Takes a chunk of one stream; `prefix` marks the stream's lines (`''` for stdout, `'[stderr] '`). */
  feed(prefix: string, chunk: string): void {
    const pieces = ((this.partial.get(prefix) ?? '') + chunk).split('\n');
    let rest = pieces.pop() ?? '';
    for (const piece of pieces) this.push(prefix, piece);
    if (rest.length > this.maxLineChars) {
      this.push(prefix, rest);
      rest = '';
    }
    this.partial.set(prefix, rest);
  }

  /** The lines so far, with the unfinished line of each stream and a marker for dropped lines. */
  finish(): string[] {
    for (const [prefix, rest] of this.partial) if (rest !== '') this.push(prefix, rest);
    this.partial.clear();
    return this.dropped === 0 ? [...this.lines] : [...this.lines, `... ${this.dropped} more log lines dropped`];
  }

  private push(prefix: string, line: string): void {
    if (this.lines.length >= this.maxLines) {
      this.dropped += 1;
      return;
    }
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    this.lines.push(prefix + (text.length > this.maxLineChars ? `${text.slice(0, this.maxLineChars)}... [cut]` : text));
  }
}
