import { type EngineEvent, type RunResult, isTerminalEvent } from '../engine';

/*
 * The JSON text of a run's result, made once. A result of several megabytes used to be serialised three or
 * four times on the event loop (measured against max_result_bytes, written as the record's result, written
 * again inside the terminal event, answered to a client); each time held the loop for tens of milliseconds
 * per megabyte. The text made when the outputs are measured is kept with the result object it describes and
 * spliced into every later serialisation of that object.
 */
const texts = new WeakMap<object, string>();

/** Remembers `text` as the JSON of `value`, which must not change afterwards (results never do). */
export function keepJson(value: object, text: string): void {
  texts.set(value, text);
}

/** The JSON text of a result: the one kept for this object, else made (and kept) now. */
export function resultJson(result: RunResult): string {
  let text = texts.get(result);
  if (text === undefined) {
    text = JSON.stringify(result);
    texts.set(result, text);
  }
  return text;
}

/** The JSON of `holder` with its `key` field (written last) as `text`, without serialising that field again. */
export function jsonWith(holder: object, key: string, text: string): string {
  const rest: Record<string, unknown> = { ...holder };
  delete rest[key];
  const outer = JSON.stringify(rest);
  return `${outer.slice(0, -1)}${outer.length > 2 ? ',' : ''}${JSON.stringify(key)}:${text}}`;
}

/** The JSON text of an event; a terminal event's result is written from its kept text. */
export function eventJson(event: EngineEvent): string {
  return isTerminalEvent(event) ? jsonWith(event, 'result', resultJson(event.result)) : JSON.stringify(event);
}

/**
 * A result with every output over `maxBytes` (as JSON, in UTF-8) replaced by `marker(bytes)`: each output is
 * serialised and measured once, and the JSON text of the whole result is kept (see {@link resultJson}).
 */
export function measuredResult(result: RunResult, maxBytes: number, marker: (bytes: number) => string): RunResult {
  const parts: string[] = [];
  let outputs: RunResult['outputs'] | undefined;
  for (const [name, value] of Object.entries(result.outputs)) {
    // An output whose value is undefined is left out of the JSON, as JSON.stringify would.
    if (value === undefined) continue;
    let text = JSON.stringify(value);
    const bytes = Buffer.byteLength(text);
    if (bytes > maxBytes) {
      outputs ??= { ...result.outputs };
      outputs[name] = marker(bytes);
      text = JSON.stringify(outputs[name]);
    }
    parts.push(`${JSON.stringify(name)}:${text}`);
  }
  const limited = outputs === undefined ? result : { ...result, outputs };
  keepJson(limited, jsonWith(limited, 'outputs', `{${parts.join(',')}}`));
  return limited;
}
