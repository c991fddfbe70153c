import { type JsonValue } from './json-value';

/** A decimal literal with no leading zeros, no leading `+` and no bare dot, so `007` and `0x1F` stay text. */
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?$/;
const INTEGER = /^-?\d+$/;

function looksLikeJson(text: string): boolean {
  return (text.startsWith('[') && text.endsWith(']')) || (text.startsWith('{') && text.endsWith('}'));
}

/**
 * Reads the text of an environment variable or a command-line value as the value it spells:
 * `true`/`false` (any case) as booleans, decimal literals as numbers, `[...]` and `{...}` as JSON when they
 * parse, and anything else (including `007`, integers beyond 2^53 and `null`) as the text itself.
 *
 * @example
 * coerceText('100'); // 100
 * coerceText('TRUE'); // true
 * coerceText('["a","b"]'); // ['a', 'b']
 * coerceText('007'); // '007'
 */
export function coerceText(text: string): JsonValue {
  const lower = text.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  if (DECIMAL.test(text)) {
    const value = Number(text);
    if (Number.isFinite(value) && (!INTEGER.test(text) || Number.isSafeInteger(value))) return value;
    return text;
  }
  const trimmed = text.trim();
  if (looksLikeJson(trimmed)) {
    try {
      return JSON.parse(trimmed) as JsonValue;
    } catch {
      return text;
    }
  }
  return text;
}
