import { EXAMPLE_EXECUTION_IDS } from '../contract/examples';
import { openApiText } from '../scripts/generate-openapi';
import { STATUS_OF_ERROR } from '../server/http';
import { isTerminalStatus } from '../model';
import { documentValidator, pointerKey } from './support/document-validator';
import { type TestApp, startTestApp } from './support/test-app';
import { waitFor } from './support/wait-for';

interface Parameter {
  name: string;
  in: string;
  example?: unknown;
}
interface MediaType {
  examples?: Record<string, { summary: string; value: unknown }>;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

const document = JSON.parse(openApiText()) as { paths: Record<string, Record<string, Operation>> };
const validator = documentValidator(document);
const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

/** One request of the document's examples, as a client would send it from the docs. */
interface Call {
  name: string;
  method: string;
  path: string;
  url: string;
  body?: unknown;
  accept: string;
  phase: number;
}

// Starts come first (they create what the other examples name), then reads, updates, cancels, and deletes last.
function phaseOf(method: string, path: string): number {
  if (method === 'post' && !path.includes('{')) return 0;
  // Pausing and resuming a deployment change it, as a PATCH does; the other posts to a path cancel.
  if (method === 'post' && /\/(pause|resume)$/.test(path)) return 2;
  return { get: 1, patch: 2, post: 3, delete: 4 }[method] ?? 5;
}

function callsOf({ path, method, operation }: (typeof operations)[number]): Call[] {
  const parameters = operation.parameters ?? [];
  const url =
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(parameters.find((p) => p.in === 'path' && p.name === name)?.example))) +
    queryOf(parameters);
  const base = { method: method.toUpperCase(), path, url, accept: 'application/json', phase: phaseOf(method, path) };
  const examples = operation.requestBody?.content['application/json']?.examples;
  const streams = operation.responses['200']?.content?.['text/event-stream'] !== undefined;
  return [
    ...(examples === undefined
      ? [{ ...base, name: `${base.method} ${url}` }]
      : Object.entries(examples).map(([name, { value }]) => ({ ...base, name: `${base.method} ${url} (${name})`, body: value }))),
    ...(streams ? [{ ...base, name: `${base.method} ${url} as text/event-stream`, accept: 'text/event-stream' }] : []),
  ];
}

function queryOf(parameters: Parameter[]): string {
  const query = new URLSearchParams(parameters.filter((p) => p.in === 'query' && p.example !== undefined).map((p) => [p.name, String(p.example)]));
  return query.size === 0 ? '' : `?${query}`;
}

const CALLS = operations.flatMap(callsOf).sort((a, b) => a.phase - b.phase);
const responsePointer = (call: Call, status: number) =>
  `/paths/${pointerKey(call.path)}/${call.method.toLowerCase()}/responses/${status}/content/${pointerKey('application/json')}/schema`;

describe('the request examples of the OpenAPI document', () => {
  let app: TestApp;
  const started: string[] = [];
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const statusOf = async (id: string) => (await app.store.get(id))?.status;
  const ended = async (id: string) => {
    const status = await statusOf(id);
    return status === undefined || isTerminalStatus(status);
  };

  it('give every path parameter and every request body an example', () => {
    const missing = operations.flatMap(({ path, method, operation }) => [
      ...(operation.parameters ?? []).filter((p) => p.in === 'path' && p.example === undefined).map((p) => `${method} ${path}: ${p.name}`),
      ...(operation.requestBody !== undefined && operation.requestBody.content['application/json']?.examples === undefined ? [`${method} ${path}: body`] : []),
    ]);
    expect(missing).toEqual([]);
  });

  it.each(CALLS)('$name answers 2xx with a body its documented response schema accepts', async (call) => {
    // The executions the starts created have ended before anything reads them; the slow one is running.
    if (call.phase > 0)
      await waitFor(async () => (await Promise.all(started.map(async (id) => id === EXAMPLE_EXECUTION_IDS.slow || (await ended(id))))).every(Boolean), {
        what: 'the started examples to end',
      });
    if (call.phase > 0 && call.phase < 4)
      await waitFor(async () => (await statusOf(EXAMPLE_EXECUTION_IDS.slow)) === 'running', { what: 'the slow example to run' });
    const response = await fetch(`${app.url}${call.url}`, {
      method: call.method,
      headers: { accept: call.accept, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    const text = await response.text();
    expect({ ok: response.ok, status: response.status, text }).toMatchObject({ ok: true });
    if (call.accept === 'text/event-stream') {
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(text).toMatch(/event: end\ndata: \{"execution_id":"example-1","status":"completed"\}/);
      return;
    }
    const body = JSON.parse(text) as { data?: { execution_id?: string } };
    expect(validator.errors(responsePointer(call, response.status), body)).toEqual([]);
    if (call.phase === 0 && body.data?.execution_id !== undefined) started.push(body.data.execution_id);
  });

  it('compute what their summaries say: 13.5 for every multiply example, and the slow run was cancelled', async () => {
    const others = started.filter((id) => id !== EXAMPLE_EXECUTION_IDS.multiply && id !== EXAMPLE_EXECUTION_IDS.slow);
    expect(others).toHaveLength(2);
    for (const id of others) expect((await app.store.get(id))?.result?.outputs).toEqual({ product: 13.5 });
    expect(await statusOf(EXAMPLE_EXECUTION_IDS.slow)).toBe('cancelled');
    expect(await statusOf(EXAMPLE_EXECUTION_IDS.multiply)).toBeUndefined();
  });
});

describe('the error examples of the OpenAPI document', () => {
  const responses = operations.flatMap(({ path, method, operation }) =>
    Object.entries(operation.responses)
      .filter(([status]) => Number(status) >= 400)
      .map(([status, response]) => ({
        where: `${method} ${path} ${status}`,
        pointer: `/paths/${pointerKey(path)}/${method}/responses/${status}/content/${pointerKey('application/json')}/schema`,
        status: Number(status),
        examples: response.content?.['application/json']?.examples,
      })),
  );

  it('give every error status of every route at least one example', () => {
    expect(responses.filter((r) => r.examples === undefined || Object.keys(r.examples).length === 0).map((r) => r.where)).toEqual([]);
  });

  it('each carry a code of their own status and the error envelope', () => {
    const wrong = responses.flatMap(({ where, pointer, status, examples }) =>
      Object.entries(examples ?? {}).flatMap(([name, { value }]) => {
        const { code } = value as { code: keyof typeof STATUS_OF_ERROR };
        const problems = validator.errors(pointer, value).map((e) => `${e.instancePath} ${e.message}`);
        return [...(STATUS_OF_ERROR[code] === status ? [] : [`${code} is ${STATUS_OF_ERROR[code]}`]), ...problems].map(
          (problem) => `${where} ${name}: ${problem}`,
        );
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('show the details of a validation failure', () => {
    const validation = responses
      .filter((r) => r.status === 400)
      .flatMap((r) => Object.values(r.examples ?? {}).map(({ value }) => value as { details?: unknown[] }));
    expect(validation.length).toBeGreaterThan(0);
    expect(validation.filter((value) => !(value.details !== undefined && value.details.length > 0))).toEqual([]);
  });
});
