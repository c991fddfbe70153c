import { type RequestListener } from 'node:http';
import { type FiringScope } from '../engine';
import { type ExecutionObserver } from '../executions';

/**
 * The service's OpenTelemetry tracing, once started: what the HTTP server, the execution service and the engine
 * are built with so that requests, executions, node firings and outbound calls become spans.
 */
export interface Tracing {
  /**
   * Wraps the HTTP server's request listener: one server span per request, named by its route pattern, the child
   * of the `traceparent` the request carries, and the parent of what the request starts.
   */
  traceRequests(listener: RequestListener, routeOf: (path: string) => string | undefined): RequestListener;
  /**
   * What the services are built with: an observer that opens a span when an execution is accepted and ends it with
   * its final state, and a firing scope that runs each node firing in a span under its execution's, so that the
   * firing's outbound calls are its children.
   */
  readonly services: { readonly observers: ExecutionObserver[]; readonly firingScope: FiringScope };
  /** Exports every span ended so far. */
  flush(): Promise<void>;
  /** Ends the spans of executions still open, exports what is left and stops tracing outbound calls. */
  shutdown(): Promise<void>;
}
