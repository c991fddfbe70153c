/** The deepest nesting of arrays and objects a request body, hook body or WebSocket frame may have. */
export const MAX_JSON_DEPTH = 256;

/**
 * How deep a parsed JSON value nests, counted without recursion (a 100,000-level body must not exhaust the
 * stack), stopping as soon as it passes `limit`.
 */
export function jsonDepthExceeds(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
