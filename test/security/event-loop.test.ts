import { type TestApp, startTestApp } from '../support/test-app';

/** Runs a one-node workflow to its end while /health is probed every 25 ms; answers the slowest probe and how long the run took. */
async function stallDuring(app: TestApp, node: { component: string; metadata?: { config?: Record<string, unknown> } }, input: Record<string, unknown> = {}): Promise<{ worstMs: number; runMs: number; status: string }> {
  const graph = { processes: { n: node }, inports: Object.fromEntries(Object.keys(input).map((key) => [key, { process: 'n', port: key }])) };
  const started = Date.now();
  const { data } = await app.client.startWorkflow({ graph_json: graph, input });
  let worstMs = 0;
  let done = false;
  const finished = app.client.waitForCompletion(data!.data.execution_id).finally(() => {
    done = true;
  });
  while (!done) {
    const sent = Date.now();
    await fetch(`${app.url}/health`);
    worstMs = Math.max(worstMs, Date.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const execution = await finished;
  return { worstMs, runMs: Date.now() - started, status: execution.status };
}

describe('heavy work off the event loop', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { rate_limit_requests_per_minute: 0 } });
    // Warm the worker pool, so that its start-up is not counted.
    await stallDuring(app, { component: 'tpl_math_expression', metadata: { config: { expression: '1 + 1' } } });
  });
  afterAll(() => app.close());

  const items = Array.from({ length: 1500 }, (_, i) => `<i n="${i}"/>`).join('');
  const cases: [string, { component: string; metadata: { config: Record<string, unknown> } }, Record<string, unknown>][] = [
    ['an XPath with count(preceding::)', { component: 'tpl_xml_parser', metadata: { config: { xpath: 'count(//i[count(preceding::i) > 1400])' } } }, { 'xml-in': `<r>${items}</r>` }],
    ['a matrix inverse in mathjs', { component: 'tpl_math_expression', metadata: { config: { expression: 'sum(inv(random([200, 200])))' } } }, {}],
    ['a catastrophic text validation pattern', { component: 'tpl_text_input', metadata: { config: { defaultValue: `${'a'.repeat(24)}!`, validation: 'regex', validationPattern: '^(a+)+$' } } }, {}],
    ['a catastrophic JSON Schema pattern', { component: 'tpl_json_parser', metadata: { config: { validateSchema: true } } }, { 'json-in': JSON.stringify(`${'a'.repeat(24)}!`), 'schema-in': { type: 'string', pattern: '^(a+)+$' } }],
  ];

  it.each(cases)('keeps /health answering while %s runs', async (_name, node, input) => {
    const { worstMs, runMs } = await stallDuring(app, node, input);
    // The target is 50 ms; the bound leaves room for a busy test machine, and the run itself takes far longer.
    expect(worstMs).toBeLessThan(250);
    expect(runMs).toBeGreaterThan(worstMs);
  }, 60_000);
});
