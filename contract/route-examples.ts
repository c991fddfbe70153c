import { type AppRoute } from '@ts-rest/core';
import { type z, type ZodTypeAny } from 'zod';
import { type ErrorExample, type SharedErrorStatus } from './error-examples';

/** A named example of a request body, shown first-to-last in the API docs. */
export interface BodyExample<T> {
  summary: string;
  description?: string;
  value: T;
}

type InputOf<R, K extends string> = R extends Record<K, infer S> ? (S extends ZodTypeAny ? z.input<S> : never) : never;
type StatusOf<R extends AppRoute> = keyof R['responses'] & number;
type OwnErrorStatus<R extends AppRoute> = Exclude<StatusOf<R>, SharedErrorStatus | 200 | 201>;
type SharedStatusOf<R extends AppRoute> = Extract<StatusOf<R>, SharedErrorStatus>;

/** Per status, the error examples of a route: its own statuses (400, 404, 409, ...) must have some; the shared ones may add to theirs. */
type RouteErrorExamples<R extends AppRoute> = { [S in OwnErrorStatus<R>]: readonly ErrorExample[] } & { [S in SharedStatusOf<R>]?: readonly ErrorExample[] };

/**
 * The examples of one route, typed by its contract: path parameters when it has any, request bodies when it
 * takes one, and an error example for each status of its own. The tests play every request example against
 * the service (starts first, then reads, updates, cancels and deletes) and expect a 2xx answer to each.
 */
type RouteExamples<R extends AppRoute> = (R extends { pathParams: ZodTypeAny } ? { params: InputOf<R, 'pathParams'> } : unknown) &
  (R extends { query: ZodTypeAny } ? { query?: Partial<InputOf<R, 'query'>> } : unknown) &
  (R extends { body: ZodTypeAny } ? { body: Record<string, BodyExample<InputOf<R, 'body'>>> } : unknown) &
  ([OwnErrorStatus<R>] extends [never] ? { errors?: RouteErrorExamples<R> } : { errors: RouteErrorExamples<R> });

/** The examples of every route of a router: a route added without them does not compile. */
export type RouterExamples<T extends Record<string, AppRoute>> = { [K in keyof T]: RouteExamples<T[K]> };
