import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type StartWorkflowBody } from '../../client';

/** A graph as the client sends it. */
export type GraphJson = NonNullable<StartWorkflowBody['graph_json']>;

/** A fixture of `test/fixtures/graphs/`: the request a client sends and what the run must give back. */
export interface GraphFixture {
  description: string;
  request: StartWorkflowBody;
  expected: { status: string; outputs: Record<string, unknown> };
}

/** Reads a graph fixture by name (`multiply`, `fanout-iip`, `error-routing`). */
export function graphFixture(name: string): GraphFixture {
  return JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'graphs', `${name}.json`), 'utf8')) as GraphFixture;
}

/** A graph that multiplies its exported inports `x` and `y` into the exported outport `product`. */
export function multiplyGraph(): GraphJson {
  return graphFixture('multiply').request.graph_json as GraphJson;
}

/** A graph whose exported inport `when` feeds a port that is not required: its node fires once without it. */
export function clockGraph(): GraphJson {
  return {
    properties: { name: 'clock' },
    processes: { now: { component: 'tpl_date_time' } },
    connections: [],
    inports: { when: { process: 'now', port: 'date-in' } },
    outports: { timestamp: { process: 'now', port: 'timestamp-out' } },
  };
}

/** A graph whose one HTTP node GETs `url` (a slow server makes a long-running execution). */
export function httpGetGraph(url: string, timeout = 60_000): GraphJson {
  return {
    properties: { name: 'http-get' },
    processes: { fetch: { component: 'tpl_http_request', metadata: { config: { url, method: 'GET', timeout, retryCount: 0 } } } },
    connections: [],
    inports: {},
    outports: { response: { process: 'fetch', port: 'response-out' } },
    groups: [],
  };
}

/** A graph whose output `out` is the length of the secret `name` as a `${secret:NAME}` reference resolves it: never the secret itself. */
export function secretGraph(name: string) {
  return {
    properties: { name: 'secretive' },
    processes: { s: { component: 'tpl_javascript_script', metadata: { config: { script: `return 'length ' + '\${secret:${name}}'.length;` } } } },
    connections: [],
    outports: { out: { process: 's', port: 'result-out' } },
  };
}
