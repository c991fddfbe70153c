import { type JsonObject } from '../../engine';
import { convertIdeWorkflow } from './convert-ide-workflow';
import { type IdeConversion } from './ide-conversion';
import { camelGraph, camelNode, createTestCatalogue, ideWorkflow } from '../../../test/support/kits';
import { unsupportedActorIssues } from './unsupported-actor-issues';

const catalogue = createTestCatalogue(['tpl_http_request', 'tpl_math_round', 'tpl_email_sender', 'tpl_slack_webhook']);

function convertNodes(nodes: JsonObject[], connections: JsonObject[] = []) {
  return convertIdeWorkflow(ideWorkflow([camelGraph('main', nodes, connections)]), catalogue);
}

function conversionOf(nodes: JsonObject[], connections: JsonObject[] = []): IdeConversion {
  const outcome = convertNodes(nodes, connections);
  if (!outcome.ok) throw new Error(`Expected a conversion, got ${JSON.stringify(outcome.issues)}`);
  return outcome.conversion;
}

describe('finding a node template', () => {
  it('falls back to the node type when it is a known template id, as search-modal nodes have it', () => {
    const node = { id: 'r', type: 'tpl_math_round', metadata: { type: 'tpl_math_round', title: 'Round it' } };
    const conversion = conversionOf([node]);
    expect(conversion.engine_graph.processes.r).toMatchObject({ component: 'tpl_math_round', metadata: { templateId: 'tpl_math_round' } });
  });

  it('reports a node whose only type is a template family such as http, at its templateId', () => {
    const node = { id: 'h', type: 'http', metadata: { type: 'http', propertyValues: { url: 'http://localhost' } } };
    expect(convertNodes([node])).toEqual({
      ok: false,
      issues: [
        {
          path: 'graphs[0].nodes[0].metadata.templateId',
          message: "Node 'h' has no template id, and its type 'http' is not a template id ('http' is the type of 1 template(s): tpl_http_request)",
        },
      ],
    });
  });

  it('reports a node with neither template id nor type', () => {
    expect(convertNodes([{ id: 'x', metadata: { title: 'Nothing' } }])).toEqual({
      ok: false,
      issues: [{ path: 'graphs[0].nodes[0].metadata.templateId', message: "Node 'x' names no template: it has neither a template id nor a type" }],
    });
  });

  it('lists an unknown template id as unsupported instead of failing', () => {
    const conversion = conversionOf([camelNode('a', 'tpl_math_round'), camelNode('b', 'custom/sentiment'), camelNode('c', 'tpl_math_sqrt')]);
    expect(conversion.required_actors).toEqual(['tpl_math_round', 'custom/sentiment', 'tpl_math_sqrt']);
    expect(conversion.unsupported_actors).toEqual(['custom/sentiment', 'tpl_math_sqrt']);
    expect(conversion.engine_graph.processes.b).toMatchObject({ component: 'custom/sentiment', metadata: { config: {} } });
  });
});

describe('turning unsupported actors into issues', () => {
  it('names each template id and the nodes using it, at the first such node', () => {
    const conversion = conversionOf([camelNode('a', 'custom/sentiment'), camelNode('b', 'tpl_math_round'), camelNode('c', 'custom/sentiment')]);
    expect(unsupportedActorIssues(conversion)).toEqual([
      { path: 'graphs[0].nodes[0]', message: "No actor runs template 'custom/sentiment' (used by nodes 'a', 'c')" },
    ]);
  });

  it('names nodes inside subgraphs by their path through the composite node', () => {
    const inner = camelGraph('inner', [camelNode('deep', 'custom/sentiment')]);
    const main = camelGraph('main', [camelNode('sub', 'subgraph', { graphId: 'inner' })]);
    const outcome = convertIdeWorkflow(ideWorkflow([main, inner]), catalogue);
    expect(outcome.ok && unsupportedActorIssues(outcome.conversion)).toEqual([
      { path: 'graphs[1].nodes[0]', message: "No actor runs template 'custom/sentiment' (used by node 'sub/deep')" },
    ]);
  });

  it('gives no issue when every template has an actor', () => {
    expect(unsupportedActorIssues(conversionOf([camelNode('a', 'tpl_math_round')]))).toEqual([]);
  });
});

describe('configuring a node', () => {
  it('takes each property value, else the template default, else the default of the node definition', () => {
    const node = camelNode('h', 'tpl_http_request', {
      properties: { url: { type: 'text', required: true }, method: { type: 'select', defaultValue: 'POST' }, extra: { type: 'text', defaultValue: 'x' } },
      propertyValues: { url: 'http://localhost:9/orders', retryCount: 0, timeout: null },
    });
    expect(conversionOf([node]).engine_graph.processes.h.metadata.config).toEqual({
      url: 'http://localhost:9/orders',
      method: 'GET',
      timeout: 30000,
      retryCount: 0,
      followRedirects: true,
      extra: 'x',
    });
  });

  it('reads property definitions given as an array', () => {
    const node = camelNode('x', 'custom/thing', {
      properties: [
        { id: 'size', type: 'number', defaultValue: 3 },
        { id: 'name', type: 'text' },
      ],
    });
    expect(conversionOf([node]).engine_graph.processes.x.metadata.config).toEqual({ size: 3 });
  });

  it('uses the node-level propertyValues when metadata has none', () => {
    const node = { ...camelNode('r', 'tpl_math_round'), propertyValues: { precision: 3 } };
    expect(conversionOf([node]).engine_graph.processes.r.metadata.config).toEqual({ precision: 3, method: 'round' });
  });

  it('ignores display-only metadata: property rules, position, icon, shape, size', () => {
    const node = camelNode('r', 'tpl_math_round', {
      propertyRules: { triggers: ['method'], rules: [{ when: '$.method == "floor"', updates: { title: 'Floor' } }] },
      icon: 'circle',
      variant: 'black',
      shape: 'rectangle',
      size: 'small',
      propertyValues: { method: 'floor' },
    });
    const process = conversionOf([node]).engine_graph.processes.r;
    expect(process).toEqual({
      component: 'tpl_math_round',
      metadata: { config: { precision: 0, method: 'floor' }, title: 'Round', templateId: 'tpl_math_round', sourcePath: 'graphs[0].nodes[0]' },
    });
  });

  it('shares no object with the template table between conversions', () => {
    const first = conversionOf([camelNode('m', 'tpl_regex_matcher')]);
    (first.engine_graph.processes.m.metadata.config.flags as string[]).push('i');
    expect(conversionOf([camelNode('m', 'tpl_regex_matcher')]).engine_graph.processes.m.metadata.config.flags).toEqual(['g']);
  });
});

describe('listing required env vars', () => {
  it("takes each node's own list, else its template's, each name once in first-use order", () => {
    const email = camelNode('mail', 'tpl_email_sender', { requiredEnvVars: ['SENDGRID_API_KEY'] });
    const slack = camelNode('slack', 'tpl_slack_webhook');
    const otherSlack = camelNode('slack2', 'tpl_slack_webhook');
    expect(conversionOf([email, slack, otherSlack]).required_env_vars).toEqual(['SENDGRID_API_KEY', 'SLACK_WEBHOOK_URL']);
  });
});

describe("a node's retry policy", () => {
  it('goes to the engine graph as metadata.retry, where the validation that runs it checks it', () => {
    const node = { id: 'r', type: 'tpl_math_round', metadata: { templateId: 'tpl_math_round', retry: { max_attempts: 3, on: ['Timeout'] } } };
    const conversion = conversionOf([node]);
    expect(conversion.engine_graph.processes.r).toMatchObject({ component: 'tpl_math_round', metadata: { retry: { max_attempts: 3, on: ['Timeout'] } } });
    expect(conversionOf([{ id: 'p', metadata: { templateId: 'tpl_math_round' } }]).engine_graph.processes.p.metadata).not.toHaveProperty('retry');
  });
});
