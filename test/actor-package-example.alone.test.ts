import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createWorkflowClient } from '../client';
import { type JsonObject } from '../server/engine';
import { type GraphJson } from './support/graphs';
import { type TestServer, listenOnLoopback } from './support/kits';
import { ROOT, compile, installOffline, npm, pack, run } from './support/package-tarballs';
import { ProtocolClient } from './support/protocol-client';
import { type ServerProcess, startServerProcess } from './support/server-process';

const EXAMPLE = path.join(ROOT, 'examples', 'actor-package');
const TOKEN = 'example-token-4f9c2a71';

/** A graph of one Fetch JSON node (and a Slugify after it when `slug`), its outputs exported. */
function fetchGraph(config: JsonObject, slug: boolean): GraphJson {
  return {
    processes: {
      fetch: { component: 'example/fetch-json', metadata: { config } },
      ...(slug ? { slug: { component: 'example/slugify' } } : {}),
    },
    connections: [
      { data: '/articles/1', to: { nodeId: 'fetch', portId: 'path' } },
      ...(slug ? [{ from: { nodeId: 'fetch', portId: 'json' }, to: { nodeId: 'slug', portId: 'text' } }] : []),
    ],
    outports: slug ? { slug: { nodeId: 'slug', portId: 'slug' } } : { json: { nodeId: 'fetch', portId: 'json' } },
  } as GraphJson;
}

/**
 * The example actor package as an operator uses it: the SDK and the example packed into tarballs and installed
 * offline into a project, the example's own tests run there, and the service started in that project with
 * `actor_packages` naming the example, running graphs against a local API.
 */
describe('the example actor package, installed beside the service', () => {
  let work: string;
  let api: TestServer;
  let service: ServerProcess;
  const seen: { url: string; authorization: string | undefined }[] = [];

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'actor-package-'));
    const project = path.join(work, 'service');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'operator-service', private: true }));
    const sdk = await pack(path.join(ROOT, 'sdk'), work);
    await installOffline(project, [sdk.tarball, path.join(ROOT, 'node_modules', '@types', 'node')], ['zod']);

    // The example is built and packed inside the project, whose node_modules hold the SDK it imports.
    const source = path.join(project, 'example-source');
    cpSync(EXAMPLE, source, { recursive: true, filter: (file) => !/node_modules|dist/.test(path.relative(EXAMPLE, file)) });
    await compile(source);
    const example = JSON.parse(await npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], source)) as { filename: string }[];
    await npm(['install', '--offline', path.join(work, example[0].filename)], project);

    api = await listenOnLoopback(
      createServer((request, response) => {
        seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ title: 'Hello, Packages!', authorization: request.headers.authorization ?? null }));
      }),
    );
    service = await startServerProcess(['--actor-packages', 'wes-example-actors', '--egress-deny', 'localhost', '--data-dir', path.join(work, 'data')], {
      cwd: project,
      env: { SECRET_EXAMPLE_TOKEN: TOKEN },
    });
  }, 180_000);
  afterAll(async () => {
    await service?.stop();
    await api?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("passes the example's own tests, written with the SDK's runNode", async () => {
    // The test files by name: Node 20 takes a folder after --test, Node 22 and later only files and globs. The TAP
    // reporter by name too: Node 20 picks it when the output is no terminal, Node 24 the spec reporter.
    const source = path.join(work, 'service', 'example-source');
    const files = readdirSync(path.join(source, 'dist', 'test')).filter((file) => file.endsWith('.test.js'));
    const output = await run(process.execPath, ['--test', '--test-reporter=tap', ...files.map((file) => path.join('dist', 'test', file))], source);
    expect(output).toMatch(/# pass 8\b/);
    expect(output).toMatch(/# fail 0\b/);
  }, 60_000);

  it("lists the package's actors in GET /actors, with their described config fields", async () => {
    const body = (await (await fetch(`${service.url}/actors/${encodeURIComponent('example/slugify')}`)).json()) as {
      data: { config_schema: { properties: Record<string, { description?: string }> } };
    };
    expect(Object.keys(body.data.config_schema.properties)).toEqual(['separator', 'maxLength']);
    expect(body.data.config_schema.properties.separator.description).toBe('What joins the words');
    const listed = (await (await fetch(`${service.url}/actors`)).json()) as { data: { actors: { id: string }[] } };
    expect(listed.data.actors.map((actor) => actor.id)).toEqual(expect.arrayContaining(['example/slugify', 'example/fetch-json', 'tpl_math_add']));
  });

  it('names in GET /actors the package and version each actor came from, null for a built-in one', async () => {
    const { name, version } = JSON.parse(readFileSync(path.join(work, 'service', 'node_modules', 'wes-example-actors', 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(name).toBe('wes-example-actors');
    const listed = (await (await fetch(`${service.url}/actors`)).json()) as { data: { actors: { id: string; package: unknown }[] } };
    const packageOf = (id: string) => listed.data.actors.find((actor) => actor.id === id)?.package;
    expect([packageOf('example/slugify'), packageOf('example/fetch-json'), packageOf('tpl_math_add')]).toEqual([{ name, version }, { name, version }, null]);
  });

  it("lists them in the FBP protocol's component list", async () => {
    const client = await ProtocolClient.open(service.url);
    client.send('component', 'list');
    const messages = await client.until('component', 'componentsready');
    const names = messages.filter((m) => m.command === 'component').map((m) => m.payload.name);
    expect(names).toEqual(expect.arrayContaining(['example/slugify', 'example/fetch-json']));
    client.close();
  });

  it('runs a graph of both actors over HTTP, the request going through the service to the local API', async () => {
    const client = createWorkflowClient({ baseUrl: service.url });
    const { data } = await client.startWorkflow({ graph_json: fetchGraph({ baseUrl: api.url, pick: 'title' }, true) });
    const execution = await client.waitForCompletion(data!.data.execution_id);
    expect({ status: execution.status, outputs: execution.result?.outputs }).toEqual({ status: 'completed', outputs: { slug: 'hello-packages' } });
    expect(seen.at(-1)?.url).toBe('/articles/1');
  });

  it('sends a secret the actor reads, and masks it in the result', async () => {
    const client = createWorkflowClient({ baseUrl: service.url });
    const { data } = await client.startWorkflow({ graph_json: fetchGraph({ baseUrl: api.url, tokenSecret: 'EXAMPLE_TOKEN' }, false) });
    const execution = await client.waitForCompletion(data!.data.execution_id);
    expect(seen.at(-1)?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(execution.result?.outputs).toEqual({ json: { title: 'Hello, Packages!', authorization: 'Bearer ***' } });
    expect(JSON.stringify(execution)).not.toContain(TOKEN);
  });

  it("holds the package's requests to the service's egress policy", async () => {
    const before = seen.length;
    const client = createWorkflowClient({ baseUrl: service.url });
    const denied = api.url.replace('127.0.0.1', 'localhost');
    const { data } = await client.startWorkflow({ graph_json: fetchGraph({ baseUrl: denied, retries: 0 }, false) });
    const execution = await client.waitForCompletion(data!.data.execution_id);
    expect(execution.status).toBe('failed');
    expect(execution.result?.errors[0]?.message).toContain('egress policy refuses');
    expect(seen.length).toBe(before);
  });
});
