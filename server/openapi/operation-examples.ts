import { type AnyZodObject, type ZodTypeAny } from 'zod';
import { API_EXAMPLES, type BodyExample, type ErrorExample, SHARED_ERROR_EXAMPLES, type SharedErrorStatus } from '../../contract/examples';

/** The examples of one route, read without its contract types (the contract checks them where they are written). */
export interface OperationExamples {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, BodyExample<unknown>>;
  errors?: Partial<Record<number, readonly ErrorExample[]>>;
}

/** One entry of an OpenAPI `examples` map. */
interface ExampleObject {
  summary: string;
  description?: string;
  value: unknown;
}

/** The time every documented error envelope carries. */
const EXAMPLE_TIMESTAMP = 1732262400000;

/** The examples of the route with this operation id (none for an operation the contract does not have). */
export function operationExamples(operationId: string): OperationExamples {
  return (API_EXAMPLES as Record<string, OperationExamples | undefined>)[operationId] ?? {};
}

/** The schema of path or query parameters with each documented value as its parameter's example. */
export function withParameterExamples(schema: AnyZodObject | undefined, values: Record<string, unknown> | undefined): AnyZodObject | undefined {
  if (schema === undefined || values === undefined) return schema;
  const shape = schema.shape as Record<string, ZodTypeAny>;
  const documented = Object.entries(values).filter(([name]) => name in shape);
  return schema.extend(Object.fromEntries(documented.map(([name, example]) => [name, shape[name].openapi({ param: { example } })])));
}

/** The request-body examples of a route, in the order they are written (the first is what "Try it out" sends). */
export function bodyExamples(examples: OperationExamples): Record<string, ExampleObject> | undefined {
  if (examples.body === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(examples.body).map(([name, { summary, description, value }]) => [name, { summary, ...(description === undefined ? {} : { description }), value }]),
  );
}

const isShared = (status: number): status is SharedErrorStatus => status in SHARED_ERROR_EXAMPLES;

/**
 * The examples of one error status of a route: the route's own, then the shared ones of that status; each is
 * the whole envelope, named after its code (with a number when a code has several).
 */
export function errorExamples(status: number, examples: OperationExamples): Record<string, ExampleObject> | undefined {
  const all = [...(examples.errors?.[status] ?? []), ...(isShared(status) ? SHARED_ERROR_EXAMPLES[status] : [])];
  if (all.length === 0) return undefined;
  const seen = new Map<string, number>();
  return Object.fromEntries(
    all.map(({ summary, code, error, details }) => {
      const count = (seen.get(code) ?? 0) + 1;
      seen.set(code, count);
      const value = { success: false, error, code, ...(details === undefined ? {} : { details }), timestamp: EXAMPLE_TIMESTAMP };
      return [count === 1 ? code : `${code}_${count}`, { summary, value }];
    }),
  );
}
