import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type WorkflowClient, createWorkflowClient } from '../client';
import { startTracing } from '../server/tracing';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './support/otlp-receiver';
import { type ServerProcess, startServerProcess } from './support/server-process';
import { waitFor } from './support/wait-for';

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

/** The environment of a service process: this one's without its OTEL_* variables, and `values` added. */
function otelEnvironment(values: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !name.startsWith('OTEL_')) env[name] = value;
  return { ...env, ...values };
}

/** Starts the service as its own process, as an operator does, with the OTEL_* variables given. */
async function tracedService(dataDir: string, otel: Record<string, string>): Promise<ServerProcess> {
  return startServerProcess(['--data-dir', dataDir, '--rate-limit-requests-per-minute', '0'], { env: otelEnvironment(otel) });
}

/** An HTTP server on 127.0.0.1 that answers 503 to its first request and 200 after, keeping each `traceparent`. */
async function flakyTarget(): Promise<{ url: string; traceparents: (string | undefined)[]; server: Server }> {
  const traceparents: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    traceparents.push(req.headers.traceparent as string | undefined);
    res.writeHead(traceparents.length === 1 ? 503 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, traceparents, server };
}

/** Calls the target (retried once by the node's policy) and doubles the input, two independent nodes. */
const graphCalling = (url: string) => ({
  processes: {
    call: { component: 'tpl_http_request', metadata: { config: { url: `${url}/item`, retryCount: 0 }, retry: { max_attempts: 2, backoff_ms: 0 } } },
    double: { component: 'tpl_math_multiply' },
  },
  connections: [{ data: 2, tgt: { process: 'double', port: 'b-in' } }],
  inports: { n: { process: 'double', port: 'a-in' } },
  outports: { product: { process: 'double', port: 'result-out' }, response: { process: 'call', port: 'response-out' } },
});

function only(spans: ReceivedSpan[], what: string, test: (span: ReceivedSpan) => boolean): ReceivedSpan {
  const found = spans.filter(test);
  if (found.length !== 1) throw new Error(`Expected one ${what}, found ${found.length}: ${JSON.stringify(spans.map((s) => s.name))}`);
  return found[0];
}

describe('tracing over OTLP/HTTP', () => {
  let receiver: OtlpReceiver;
  let dataDir: string;
  let service: ServerProcess;
  let client: WorkflowClient;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    dataDir = mkdtempSync(join(tmpdir(), 'tracing-'));
    service = await tracedService(dataDir, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'wes-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '20',
    });
    client = createWorkflowClient({ baseUrl: service.url });
  }, 60_000);
  afterAll(async () => {
    await service.stop('SIGKILL');
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Waits until the spans of the execution, its request included, have been exported. */
  async function spansOfExecution(executionId: string, count: number): Promise<ReceivedSpan[]> {
    let spans: ReceivedSpan[] = [];
    await waitFor(
      () => {
        const execution = receiver.spans.find((span) => span.name === 'execution' && span.attributes['wes.execution.id'] === executionId);
        spans = execution === undefined ? [] : receiver.spans.filter((span) => span.traceId === execution.traceId);
        return spans.length >= count;
      },
      { what: `${count} spans of execution ${executionId}`, timeoutMs: 10_000 },
    );
    return spans;
  }

  it("makes a request's traceparent the parent of its server span, the execution a child of that span, each node firing a child of the execution, and each outbound attempt a child of its firing that carries its own traceparent", async () => {
    const target = await flakyTarget();
    try {
      const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
      const callerSpan = '00f067aa0ba902b7';
      const response = await fetch(`${service.url}/workflows`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', traceparent: `00-${callerTrace}-${callerSpan}-01` },
        body: JSON.stringify({ graph_json: graphCalling(target.url), input: { n: 21 } }),
      });
      expect(response.status).toBe(200);
      const executionId = ((await response.json()) as { data: { execution_id: string } }).data.execution_id;
      const done = await client.waitForCompletion(executionId);
      expect(done.status).toBe('completed');
      // request, execution, two firings of `call` and their two outbound attempts, one firing of `double`
      const spans = await spansOfExecution(executionId, 7);

      const request = only(spans, 'request span', (span) => span.kind === SERVER);
      expect(request).toMatchObject({ name: 'POST /workflows', traceId: callerTrace, parentSpanId: callerSpan });
      expect(request.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/workflows', 'http.response.status_code': 200 });
      expect(request.resource['service.name']).toBe('wes-under-test');

      const execution = only(spans, 'execution span', (span) => span.name === 'execution');
      expect(execution.parentSpanId).toBe(request.spanId);
      expect(execution.attributes).toMatchObject({ 'wes.execution.id': executionId, 'wes.status': 'completed' });
      expect(execution.attributes['wes.workflow.id']).toBe(done.workflow_id);

      const firings = spans.filter((span) => span.name.startsWith('firing '));
      expect(firings.every((span) => span.parentSpanId === execution.spanId)).toBe(true);
      const double = only(firings, 'firing of double', (span) => span.attributes['wes.node.id'] === 'double');
      expect(double).toMatchObject({ name: 'firing tpl_math_multiply', statusCode: 0 });
      expect(double.attributes).toMatchObject({
        'wes.component': 'tpl_math_multiply',
        'wes.attempt': 1,
        'wes.status': 'completed',
        'wes.execution.id': executionId,
      });
      const calls = firings
        .filter((span) => span.attributes['wes.node.id'] === 'call')
        .sort((a, b) => Number(a.attributes['wes.attempt']) - Number(b.attributes['wes.attempt']));
      expect(calls.map((span) => [span.attributes['wes.attempt'], span.attributes['wes.status'], span.statusCode])).toEqual([
        [1, 'failed', ERROR],
        [2, 'completed', 0],
      ]);

      const outbound = calls.map((firing) =>
        only(spans, `outbound attempt of firing ${firing.spanId}`, (span) => span.kind === CLIENT && span.parentSpanId === firing.spanId),
      );
      expect(outbound.map((span) => [span.name, span.attributes['http.response.status_code'], span.statusCode])).toEqual([
        ['GET', 503, ERROR],
        ['GET', 200, 0],
      ]);
      expect(outbound[0].attributes).toMatchObject({ 'url.full': `${target.url}/item`, 'server.address': '127.0.0.1' });
      expect(target.traceparents).toEqual(outbound.map((span) => `00-${callerTrace}-${span.spanId}-01`));
    } finally {
      await new Promise((resolve) => target.server.close(resolve));
    }
  });

  it('starts a new trace for a request without a traceparent, and names a request by its route pattern', async () => {
    const { data } = await client.startWorkflow({ graph_json: graphCalling('http://127.0.0.1:9'), input: { n: 1 } });
    const executionId = data!.data.execution_id;
    await client.waitForCompletion(executionId);
    const read = await fetch(`${service.url}/workflows/${executionId}?include=events`);
    expect(read.status).toBe(200);
    const spans = await spansOfExecution(executionId, 2);
    const request = only(spans, 'request span', (span) => span.kind === SERVER);
    expect(request.parentSpanId).toBe('');
    const execution = only(spans, 'execution span', (span) => span.name === 'execution');
    expect(execution.parentSpanId).toBe(request.spanId);
    expect(execution).toMatchObject({ statusCode: ERROR });
    expect(execution.attributes['wes.status']).toBe('failed');
    await waitFor(
      () => receiver.spans.some((span) => span.name === 'GET /workflows/:execution_id' && span.attributes['url.path'] === `/workflows/${executionId}`),
      { what: 'the span of the status read' },
    );
  });
});

describe('tracing over OTLP/HTTP with protobuf', () => {
  it('exports protobuf by default, to the traces endpoint as given, and the last spans when the service stops', async () => {
    const receiver = await startOtlpReceiver();
    const dataDir = mkdtempSync(join(tmpdir(), 'tracing-'));
    // The batch waits longer than the test: only the shutdown's flush sends the span.
    const service = await tracedService(dataDir, {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/custom/traces`,
      OTEL_SERVICE_NAME: 'wes-protobuf',
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    });
    try {
      expect((await fetch(`${service.url}/health`)).status).toBe(200);
      await service.stop('SIGTERM');
      const sent = receiver.exports.find((each) => each.body.includes('GET /health'));
      expect(sent).toBeDefined();
      expect(sent!.path).toBe('/custom/traces');
      expect(sent!.headers['content-type']).toBe('application/x-protobuf');
      expect(sent!.body.includes('wes-protobuf')).toBe(true);
    } finally {
      await service.stop('SIGKILL');
      await receiver.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('tracing switched off', () => {
  it('starts nothing without an OTLP endpoint, or when the SDK or the traces exporter is disabled', () => {
    expect(startTracing({})).toBeUndefined();
    expect(startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBeUndefined();
    expect(startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(startTracing({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
  });

  it('refuses an OTLP protocol it cannot export with, naming the variable', () => {
    expect(() => startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' })).toThrow(
      'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=grpc is not supported',
    );
  });

  it('loads no OpenTelemetry SDK module when the service starts untraced', () => {
    const script = [
      "const { startTracing } = require('./server/tracing');",
      "require('./server/app'); require('./server/services');",
      'if (startTracing({}) !== undefined) throw new Error("tracing started");',
      'const loaded = Object.keys(require.cache).filter((file) => /@opentelemetry[\\\\/](sdk-|exporter-|context-|resources|core)|server[\\\\/]tracing[\\\\/]otel-/.test(file));',
      'process.stdout.write(JSON.stringify({ loaded, modules: Object.keys(require.cache).length }));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], {
      cwd: join(__dirname, '..'),
      env: otelEnvironment({}),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    const { loaded, modules } = JSON.parse(run.stdout) as { loaded: string[]; modules: number };
    expect(modules).toBeGreaterThan(100);
    expect(loaded).toEqual([]);
  }, 60_000);
});
