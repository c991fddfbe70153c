import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import * as noflo from 'noflo';
import { type GraphJson } from './support/graphs';
import { type TestApp, startTestApp } from './support/test-app';

/*
 * Every graph of test/fixtures/noflo/upstream, taken through the service as a user would: read, validated as a start
 * would validate it (POST /graphs/validate), and run when the catalogue has all its components. The README beside the
 * graphs holds the same census as a table; this test fails when the two disagree.
 */

const UPSTREAM = join(__dirname, 'fixtures', 'noflo', 'upstream');

/** What a graph comes to here: it runs (with this input), or validation names the components the catalogue lacks. */
type Expected =
  { readonly runs: true; readonly input?: Record<string, unknown> } | { readonly missing: readonly string[]; readonly otherIssues?: readonly string[] };

const CENSUS: Readonly<Record<string, Expected>> = {
  'examples-helloworld-hello.fbp': { runs: true },
  'examples-http-hello.json': {
    missing: [
      'HTTP/Server',
      'HTTP/Profiler',
      'HTTP/BasicAuth',
      'ReadFile',
      './examples/http/HelloController',
      'Template',
      'HTTP/WriteResponse',
      'HTTP/SendResponse',
    ],
  },
  'examples-linecount-count.fbp': { missing: ['filesystem/ReadFile', 'strings/SplitStr', 'packets/Counter'] },
  'examples-linecount-count.json': { missing: ['filesystem/ReadFile', 'strings/SplitStr', 'packets/Counter'] },
  'examples-spreadsheet-parse.fbp': {
    missing: ['ReadDocument', 'ParseXml', 'GetObjectKey', 'GroupByObjectKey', 'SliceArray', 'SplitArray', 'CollectGroups', 'PropertiesToObjects'],
  },
  'loader-node-spec-subgraph.json': { runs: true, input: { in: 'hello' } },
  'msgflo-graphs-hello.fbp': { missing: ['Hello'] },
  'msgflo-graphs-hello.json': { missing: ['Hello'] },
  'msgflo-spec-iips.fbp': { missing: ['api/Web', 'api/Worker'] },
  // msgflo's Drop is a participant with a DROP port; the legacy name finds noflo-core's Drop, whose port is IN.
  'msgflo-spec-simple.fbp': { missing: ['msgflo/RoundRobin', 'ErrorIf'], otherIssues: ['UNKNOWN_PORT', 'UNFED_REQUIRED_PORT'] },
  'nodejs-spec-graph-as-component-helloin.fbp': { missing: ['graph-as-component/Repeat', 'graph-as-component/Output'] },
  'nodejs-spec-helloworld.fbp': { runs: true },
  'nodejs-spec-library-main.fbp': { missing: ['library/Output'] },
  'nodejs-spec-missingcomponent.fbp': { missing: ['foo/Bar'] },
  'spec-subgraph.fbp': { runs: true, input: { in: 'hello' } },
  'spec-subgraph_legacy.fbp': { runs: true, input: { in: 'hello' } },
  'ui-graphs-ContextReducer.fbp': {
    missing: [
      'ui/DispatchAction',
      'ui/CleanAction',
      'objects/CreateObject',
      'ui/SetToContext',
      'objects/GetObjectKey',
      'strings/SendString',
      'ui/FindNodesInGraph',
      'ui/SearchGraphNodeToContext',
    ],
  },
  'ui-graphs-Load.fbp': {
    missing: ['strings/SendString', 'indexeddb/BeginTransaction', 'indexeddb/GetStore', 'indexeddb/Query'],
    otherIssues: ['UNFED_REQUIRED_PORT'],
  },
  'ui-graphs-RegistryReducer.fbp': { missing: ['ui/DispatchAction', 'ui/CleanAction', 'ui/SetToContext', 'ui/CreateEmptyContext', 'ui/ErrorToContext'] },
  'ui-graphs-Save.fbp': {
    missing: ['strings/SendString', 'indexeddb/BeginTransaction', 'indexeddb/GetStore', 'indexeddb/Put', 'ui/EnsureId'],
    otherIssues: ['UNFED_REQUIRED_PORT'],
  },
  'ui-graphs-main.fbp': {
    missing: [
      'polymer/noflo-ui',
      'ui/Store',
      'ui/State',
      'ui/MapStateToProps',
      'ui/LoggingMiddleware',
      'ui/UrlMiddleware',
      'ui/StorageMiddleware',
      'ui/UserMiddleware',
      'ui/RegistryMiddleware',
      'ui/GithubMiddleware',
      'ui/RuntimeMiddleware',
      'ui/DispatchAction',
      'ui/UserReducer',
      'ui/CreateContext',
      'ui/StorageReducer',
      'ui/GithubReducer',
      'ui/RegistryReducer',
      'ui/RuntimeReducer',
      'ui/ContextReducer',
      'interaction/ListenResize',
    ],
  },
};

const FILES = Object.keys(CENSUS);

function graphBody(file: string): { graph_fbp: string } | { graph_json: GraphJson } {
  const text = readFileSync(join(UPSTREAM, file), 'utf8');
  return file.endsWith('.fbp') ? { graph_fbp: text } : { graph_json: JSON.parse(text) as GraphJson };
}

/** The census table of the README: file -> its yes/no columns (parses, validates, runs). */
function readmeRows(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  for (const line of readFileSync(join(UPSTREAM, 'README.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const file = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (file !== undefined && cells.length >= 7 && /^(yes|no)$/.test(cells[3])) rows.set(file, cells.slice(3, 6));
  }
  return rows;
}

describe('the census of graphs written for NoFlo', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('covers every graph file of the fixtures', () => {
    expect(
      readdirSync(UPSTREAM)
        .filter((file) => file !== 'README.md')
        .sort(),
    ).toEqual([...FILES].sort());
  });

  it.each(FILES)('reads %s, validates it or names every component the catalogue lacks, and runs it when it can', async (file) => {
    const expected = CENSUS[file];
    // Validated with the input it runs with: a start without one is refused when only an inport feeds a required port.
    const { data } = await app.client.validateGraph({ ...graphBody(file), input: 'runs' in expected ? (expected.input ?? {}) : {} });
    const validation = data!.data;
    expect(validation.graph).not.toBeNull();
    if ('runs' in expected) {
      expect(validation).toMatchObject({ valid: true, issues: [] });
      const started = await app.client.startWorkflow({ ...graphBody(file), input: expected.input ?? {} });
      const execution = await app.client.waitForCompletion(started.data!.data.execution_id);
      expect(execution.status).toBe('completed');
      return;
    }
    expect(validation.valid).toBe(false);
    const unknown = validation.issues.filter((issue) => issue.code === 'UNKNOWN_COMPONENT');
    expect([...new Set(unknown.map((issue) => issue.component))]).toEqual(expected.missing);
    for (const issue of unknown) expect(issue.message).toContain(`'${issue.component}'`);
    expect(validation.issues.filter((issue) => issue.code !== 'UNKNOWN_COMPONENT').map((issue) => issue.code)).toEqual(expected.otherIssues ?? []);
  });

  it("is what NoFlo 1.5's own parser reads, but for the EXPORT= lines it no longer knows", async () => {
    for (const file of FILES) {
      const body = graphBody(file);
      const read = 'graph_fbp' in body ? noflo.graph.loadFBP(body.graph_fbp) : noflo.graph.loadJSON(body.graph_json as never);
      if (file === 'spec-subgraph_legacy.fbp') await expect(read).rejects.toThrow();
      else await expect(read).resolves.toBeDefined();
    }
  });

  it('is the table of the fixtures README', () => {
    const rows = readmeRows();
    expect([...rows.keys()].sort()).toEqual([...FILES].sort());
    for (const file of FILES) {
      const runs = 'runs' in CENSUS[file];
      expect([file, ...rows.get(file)!]).toEqual([file, 'yes', runs ? 'yes' : 'no', runs ? 'yes' : 'no']);
    }
  });
});

describe('the census with noflo-strings, noflo-objects and noflo-core listed in noflo_component_packages', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { noflo_component_packages: ['noflo-strings', 'noflo-objects', 'noflo-core'] } });
  });
  afterAll(() => app.close());

  it("finds the libraries' components, and the same graphs validate: the others need components no library listed has", async () => {
    const valid: string[] = [];
    const missing = new Set<string>();
    for (const file of FILES) {
      const expected = CENSUS[file];
      const { data } = await app.client.validateGraph({ ...graphBody(file), input: 'runs' in expected ? (expected.input ?? {}) : {} });
      if (data!.data.valid) valid.push(file);
      for (const issue of data!.data.issues) if (issue.code === 'UNKNOWN_COMPONENT') missing.add(issue.component!);
    }
    expect(valid).toEqual(FILES.filter((file) => 'runs' in CENSUS[file]));
    // What the three libraries give is no longer missing: strings/SplitStr, strings/SendString, objects/GetObjectKey, ...
    expect([...missing].filter((name) => /^(strings|objects|core)\//.test(name))).toEqual([]);
    expect([...missing]).not.toContain('GetObjectKey');
    expect(missing.size).toBeLessThan(new Set(Object.values(CENSUS).flatMap((entry) => ('missing' in entry ? entry.missing : []))).size);
  });

  it("treats noflo-core's refused core/Callback as a missing component", async () => {
    const { data } = await app.client.validateGraph({ graph_fbp: "'x' -> IN call(core/Callback)\n'y' -> IN copy(core/Copy)" });
    expect(data!.data.valid).toBe(false);
    expect(data!.data.issues.map((issue) => [issue.code, issue.component])).toEqual([['UNKNOWN_COMPONENT', 'core/Callback']]);
  });
});
