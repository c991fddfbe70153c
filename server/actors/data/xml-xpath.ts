import { type Document, type Node } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { errorMessage } from '../../engine';

/** What an XPath expression gave: a node set, or a number, string or boolean. */
export type XPathSelection = { kind: 'nodes'; nodes: Node[] } | { kind: 'scalar'; value: number | string | boolean };

/**
 * Evaluates an XPath 1.0 expression over a DOM, with namespace prefixes from `namespaces` (a document's default
 * namespace needs a prefix of its own here, as XPath 1.0 has no default namespace).
 * @throws Error naming the expression when it is invalid or uses an unknown prefix.
 */
export function evaluateXPath(doc: Document, expression: string, namespaces: Record<string, string>): XPathSelection {
  let result: unknown;
  try {
    // xpath types its context as the browser DOM's Node; xmldom's nodes implement what it reads.
    const context = doc as unknown as globalThis.Node;
    result = Object.keys(namespaces).length === 0 ? xpath.select(expression, context) : xpath.useNamespaces(namespaces)(expression, context);
  } catch (error) {
    throw new Error(`Invalid XPath '${expression}': ${errorMessage(error)}`);
  }
  if (Array.isArray(result)) return { kind: 'nodes', nodes: result as Node[] };
  if (typeof result === 'number' || typeof result === 'string' || typeof result === 'boolean') return { kind: 'scalar', value: result };
  return { kind: 'nodes', nodes: result === undefined || result === null ? [] : [result as Node] };
}
