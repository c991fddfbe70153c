import { type FiringEffects } from '../../engine';

/** The operation types a GraphQL document can define. */
export type GraphqlOperationType = 'query' | 'mutation' | 'subscription';

/**
 * The effects of running an operation of `type`: a query only reads, and is safe to send again (it is retried);
 * a mutation changes the server's data.
 */
export function graphqlOperationEffects(type: GraphqlOperationType): Exclude<FiringEffects, 'none'> {
  return type === 'query' ? 'repeatable' : 'once';
}

/** One operation definition of a GraphQL document. */
export interface GraphqlOperation {
  type: GraphqlOperationType;
  /** Absent for an anonymous operation. */
  name?: string;
}

const TOKEN = /#[^\n\r]*|"""[\s\S]*?(?<!\\)"""|"(?:\\.|[^"\\\n])*"|[_A-Za-z][_0-9A-Za-z]*|[\s,]+|[\s\S]/g;
const OPERATION_TYPES: readonly string[] = ['query', 'mutation', 'subscription'];

/**
 * Lists the operations a GraphQL document defines, in order (`{ ... }` alone is an anonymous query),
 * skipping fragments, comments and strings. A light scan, not a validator: the server still parses the document.
 */
export function graphqlOperations(document: string): GraphqlOperation[] {
  const operations: GraphqlOperation[] = [];
  let depth = 0;
  let definition: string | undefined;
  let expectName = false;
  for (const [token] of document.matchAll(TOKEN)) {
    if (/^[\s,#"]/.test(token)) continue;
    if (depth === 0 && /^[_A-Za-z]/.test(token)) {
      if (expectName) {
        operations[operations.length - 1].name = token;
        expectName = false;
      } else if (definition === undefined) {
        definition = token;
        expectName = OPERATION_TYPES.includes(token);
        if (expectName) operations.push({ type: token as GraphqlOperationType });
      }
      continue;
    }
    expectName = false;
    if (token === '{' && depth === 0) {
      if (definition === undefined) operations.push({ type: 'query' });
      definition = undefined;
    }
    if (token === '{' || token === '(' || token === '[') depth++;
    else if (token === '}' || token === ')' || token === ']') depth = Math.max(0, depth - 1);
  }
  return operations;
}

/**
 * The `operationName` to send so the server runs an operation of `type`: none when the document has a
 * single operation, the first named operation of that type when it has several.
 * @throws Error when the document has no operation of `type`, or only an anonymous one among several.
 */
export function pickOperationName(document: string, type: GraphqlOperationType): string | undefined {
  const operations = graphqlOperations(document);
  if (operations.length === 0) return undefined;
  const match = operations.find((operation) => operation.type === type);
  if (match === undefined) {
    const found = [...new Set(operations.map((operation) => operation.type))].join(', ');
    throw new Error(`the query document defines no ${type} operation (it defines: ${found}); set operationType to match`);
  }
  if (operations.length === 1) return undefined;
  if (match.name === undefined) throw new Error(`the query document has several operations, so its ${type} operation needs a name`);
  return match.name;
}
