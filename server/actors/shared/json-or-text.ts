import { type JsonValue } from '../../engine';

/** Text as the JSON value it holds, or the text itself when it is not JSON. */
export function jsonOrText(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
