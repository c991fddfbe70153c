import type * as OtelTracing from './otel-tracing';
import { type Tracing } from './tracing';

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

/**
 * Whether the environment asks for traces: an OTLP endpoint is set (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`), and neither `OTEL_SDK_DISABLED=true` nor `OTEL_TRACES_EXPORTER=none` turns
 * tracing off.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return isSet(env.OTEL_EXPORTER_OTLP_ENDPOINT) || isSet(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts tracing as the process environment's `OTEL_*` variables say, or answers undefined when they ask for none:
 * then no OpenTelemetry module is even loaded, and nothing the service does pays for tracing.
 * @throws Error naming the variable when the environment asks for an export this service cannot make
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  if (!tracingWanted(env)) return undefined;
  // Loaded here, not imported at the top: a service that does not trace never loads the SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createOtelTracing } = require('./otel-tracing') as typeof OtelTracing;
  return createOtelTracing(env);
}
