import { type Tracer } from '@opentelemetry/api';
import { type AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { type W3CTraceContextPropagator } from '@opentelemetry/core';

/** What the parts of the tracing share: the tracer, where the current span is kept, and how it travels in headers. */
export interface TraceKit {
  readonly tracer: Tracer;
  readonly contexts: AsyncLocalStorageContextManager;
  readonly propagator: W3CTraceContextPropagator;
}
