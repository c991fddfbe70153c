import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { serviceResource } from './service-resource';
import { traceExporterOf } from './trace-exporter';
import { ExecutionSpans } from './execution-spans';
import { traceOutboundAttempts } from './outbound-spans';
import { traceRequests } from './request-spans';
import { type Tracing } from './tracing';
import { type TraceKit } from './trace-kit';

/** The service's name in its spans' resource (unless `OTEL_SERVICE_NAME` says another) and their instrumentation scope. */
const SERVICE_NAME = 'workflow-execution-service';

/**
 * Builds the tracing from the environment: an OTLP/HTTP exporter (protobuf, or JSON when the protocol says
 * `http/json`) behind a batch processor, the sampler of `OTEL_TRACES_SAMPLER`, the resource of `OTEL_SERVICE_NAME`
 * and `OTEL_RESOURCE_ATTRIBUTES`, and W3C `traceparent` propagation. Nothing is registered globally: the service's
 * own spans are the only ones made, and two instances (tests) do not meet.
 */
export function createOtelTracing(env: NodeJS.ProcessEnv): Tracing {
  const provider = new BasicTracerProvider({ resource: serviceResource(SERVICE_NAME), spanProcessors: [new BatchSpanProcessor(traceExporterOf(env))] });
  const contexts = new AsyncLocalStorageContextManager().enable();
  const kit: TraceKit = { tracer: provider.getTracer(SERVICE_NAME), contexts, propagator: new W3CTraceContextPropagator() };
  const executions = new ExecutionSpans(kit);
  const stopOutbound = traceOutboundAttempts(kit);
  return {
    traceRequests: (listener, routeOf) => traceRequests(kit, listener, routeOf),
    services: { observers: [executions], firingScope: executions.firingScope },
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      stopOutbound();
      executions.endOpen();
      await provider.shutdown();
      contexts.disable();
    },
  };
}
