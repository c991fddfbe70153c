import { OTLPTraceExporter as JsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { type SpanExporter } from '@opentelemetry/sdk-trace-base';

/** The OTLP protocols this service exports with; `grpc` is not one of them. */
const PROTOCOLS = ['http/protobuf', 'http/json'] as const;

/**
 * The OTLP/HTTP exporter the environment asks for: `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL`, else
 * `OTEL_EXPORTER_OTLP_PROTOCOL`, else `http/protobuf` (the specification's default). The exporter itself reads the
 * endpoint, headers, timeout and compression variables.
 * @throws Error naming the variable when it asks for another protocol
 */
export function traceExporterOf(env: NodeJS.ProcessEnv): SpanExporter {
  const name = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim() ? 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL' : 'OTEL_EXPORTER_OTLP_PROTOCOL';
  const protocol = env[name]?.trim() || 'http/protobuf';
  if (protocol === 'http/json') return new JsonTraceExporter();
  if (protocol === 'http/protobuf') return new ProtobufTraceExporter();
  throw new Error(`${name}=${protocol} is not supported: traces are exported with ${PROTOCOLS.join(' or ')}`);
}
