import { type EngineEvent, type RunResult, isTerminalEvent, jsonTextAt } from '../engine';

/*
 * The JSON text of a run's result, made once. A result of several megabytes used to be serialised three or
 * four times on the event loop (measured against max_result_bytes, written as the record's result, written
 * again inside the terminal event, answered to a client); each time held the loop for tens of milliseconds
 * per megabyte. The text made when the outputs are measured is kept with the result object it describes, as
 * the pieces it was made of: joining eight megabytes into one string costs a copy of its own, which the
 * writers of large results (a file, an answer) do without.
 */
const kept = new WeakMap<object, { pieces: readonly string[]; length: number; joined?: string }>();

/** Which pieces of a result's kept text are the texts of its outputs' values: output name to piece index. */
const outputPieces = new WeakMap<readonly string[], ReadonlyMap<string, number>>();

/** Remembers `pieces` (joined) as the JSON of `value`, which must not change afterwards (results never do). */
export function keepJson(value: object, ...pieces: string[]): void {
  kept.set(value, { pieces, length: pieces.reduce((sum, piece) => sum + piece.length, 0) });
}

/**
 * The output values among the pieces of a result's text (see {@link resultPieces}): output name to the index
 * of the piece that is its value's text, for results whose outputs were measured; undefined for others.
 */
export function outputPieceIndexes(pieces: readonly string[]): ReadonlyMap<string, number> | undefined {
  return outputPieces.get(pieces);
}

function keptOf(result: RunResult): { pieces: readonly string[]; length: number; joined?: string } {
  let entry = kept.get(result);
  if (entry === undefined) {
    const text = JSON.stringify(result);
    entry = { pieces: [text], length: text.length, joined: text };
    kept.set(result, entry);
  }
  return entry;
}

/** The JSON text of a result as pieces to be written one after the other (made once per result object). */
export function resultPieces(result: RunResult): readonly string[] {
  return keptOf(result).pieces;
}

/** The length of a result's JSON text, in characters. */
export function resultJsonLength(result: RunResult): number {
  return keptOf(result).length;
}

/** The JSON text of a result, as one string. */
export function resultJson(result: RunResult): string {
  const entry = keptOf(result);
  entry.joined ??= entry.pieces.join('');
  return entry.joined;
}

/** The JSON of `holder` without its `key` field, split where that field (written last) goes: `[before, after]`. */
export function jsonAround(holder: object, key: string): [string, string] {
  const rest: Record<string, unknown> = { ...holder };
  delete rest[key];
  const outer = JSON.stringify(rest);
  return [`${outer.slice(0, -1)}${outer.length > 2 ? ',' : ''}${JSON.stringify(key)}:`, '}'];
}

/** The JSON of `holder` with its `key` field (written last) as `text`, without serialising that field again. */
export function jsonWith(holder: object, key: string, text: string): string {
  const [before, after] = jsonAround(holder, key);
  return `${before}${text}${after}`;
}

/** The JSON text of an event; a terminal event's result is written from its kept text. */
export function eventJson(event: EngineEvent): string {
  return isTerminalEvent(event) ? jsonWith(event, 'result', resultJson(event.result)) : JSON.stringify(event);
}

/**
 * A result with every output over `maxBytes` (as JSON, in UTF-8) replaced by `marker(bytes)`: each output is
 * serialised and measured once, and the JSON text of the whole result is kept (see {@link resultPieces}). An
 * output that came as checked JSON text (a JsonText, see the engine) is neither parsed nor serialised: its
 * text and size are known.
 */
export function measuredResult(result: RunResult, maxBytes: number, marker: (bytes: number) => string): RunResult {
  const parts: string[] = [];
  const valueParts = new Map<string, number>();
  let outputs: RunResult['outputs'] | undefined;
  for (const name of Object.keys(result.outputs)) {
    const held = jsonTextAt(result.outputs, name);
    const value = held === undefined ? result.outputs[name] : undefined;
    // An output whose value is undefined is left out of the JSON, as JSON.stringify would.
    if (held === undefined && value === undefined) continue;
    let text = held?.text ?? JSON.stringify(value);
    const bytes = held?.bytes ?? Buffer.byteLength(text);
    if (bytes > maxBytes) {
      // The other outputs are copied as they are defined, so that a text not yet parsed stays so.
      outputs ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(result.outputs)) as RunResult['outputs'];
      Object.defineProperty(outputs, name, { value: marker(bytes), enumerable: true, writable: true, configurable: true });
      text = JSON.stringify(outputs[name]);
    }
    parts.push(`${parts.length === 0 ? '' : ','}${JSON.stringify(name)}:`, text);
    // The first piece is the text before the outputs, so a part's index is one more among the pieces.
    valueParts.set(name, parts.length);
  }
  const limited = outputs === undefined ? result : { ...result, outputs };
  const [before, after] = jsonAround(limited, 'outputs');
  keepJson(limited, `${before}{`, ...parts, `}${after}`);
  outputPieces.set(resultPieces(limited), valueParts);
  return limited;
}
