import { createHash } from 'node:crypto';
import { type JsonValue, type StartRequest } from '../../../model';

/** A piece of the canonical text still to write: text as it is, or a value to serialise. */
type Pending = { readonly text: string } | { readonly value: unknown };

/**
 * Serialises a JSON value with object keys sorted, so that equal values give equal text. It walks the value with
 * its own stack rather than recursion, so that a deeply nested value cannot exhaust the call stack.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const pending: Pending[] = [{ value }];
  while (pending.length > 0) {
    const next = pending.pop() as Pending;
    if ('text' in next) {
      parts.push(next.text);
      continue;
    }
    const current = next.value;
    if (Array.isArray(current)) {
      // Pushed last first, so that they pop in order.
      pending.push({ text: ']' });
      for (let i = current.length - 1; i >= 0; i--) {
        pending.push({ value: current[i] as unknown });
        if (i > 0) pending.push({ text: ',' });
      }
      parts.push('[');
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      pending.push({ text: '}' });
      for (let i = entries.length - 1; i >= 0; i--) {
        pending.push({ value: entries[i][1] });
        pending.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(entries[i][0])}:` });
      }
      parts.push('{');
    } else {
      parts.push(JSON.stringify(current) ?? 'null');
    }
  }
  return parts.join('');
}

/** A digest of a value, equal for the same value whatever its key order. */
export function requestFingerprint(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** The part of a request that identifies it for idempotent retries (the transport it came by does not count). */
export function identifyingPart(request: StartRequest): JsonValue {
  const { source: _source, ...metadata } = request.metadata;
  // An absent collect is left out of the text, so that the fingerprints of requests made before it existed stay the same.
  return { graph_json: request.graph_json, graph_fbp: request.graph_fbp, input: request.input, metadata, collect: request.collect } as JsonValue;
}
