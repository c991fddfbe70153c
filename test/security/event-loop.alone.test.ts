import { type TestApp, startTestApp } from '../support/test-app';

/** Probes /health every 25 ms until `work` settles; answers the slowest probe, the work's outcome and how long it took. */
async function probeWhile<T>(app: TestApp, work: Promise<T>): Promise<{ worstMs: number; runMs: number; outcome: T }> {
  const started = Date.now();
  let worstMs = 0;
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  while (!done) {
    const sent = Date.now();
    await fetch(`${app.url}/health`);
    worstMs = Math.max(worstMs, Date.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const outcome = await settled;
  return { worstMs, runMs: Date.now() - started, outcome };
}

/** Runs a one-node workflow to its end while /health is probed; answers the slowest probe, the run's time and its status. */
async function stallDuring(
  app: TestApp,
  node: { component: string; metadata?: { config?: Record<string, unknown> } },
  input: Record<string, unknown> = {},
): Promise<{ worstMs: number; runMs: number; status: string }> {
  const graph = { processes: { n: node }, inports: Object.fromEntries(Object.keys(input).map((key) => [key, { process: 'n', port: key }])) };
  const run = (async () => {
    const { data } = await app.client.startWorkflow({ graph_json: graph, input });
    // The client shares this process's event loop with the service: polling keeps its own reading of a large
    // terminal event (following the events would parse it once more) out of the delays probed.
    return (await app.client.waitForCompletion(data!.data.execution_id, { via: 'polling' })).status;
  })();
  const { worstMs, runMs, outcome } = await probeWhile(app, run);
  return { worstMs, runMs, status: outcome };
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
  const cases: [string, { component: string; metadata: { config: Record<string, unknown> } }, Record<string, unknown>, string][] = [
    [
      'an XPath with count(preceding::)',
      { component: 'tpl_xml_parser', metadata: { config: { xpath: 'count(//i[count(preceding::i) > 1400])' } } },
      { 'xml-in': `<r>${items}</r>` },
      'completed',
    ],
    ['a matrix inverse in mathjs', { component: 'tpl_math_expression', metadata: { config: { expression: 'sum(inv(random([200, 200])))' } } }, {}, 'completed'],
    [
      'a catastrophic text validation pattern',
      { component: 'tpl_text_input', metadata: { config: { defaultValue: `${'a'.repeat(24)}!`, validation: 'regex', validationPattern: '^(a+)+$' } } },
      {},
      'failed',
    ],
    [
      'a catastrophic JSON Schema pattern',
      { component: 'tpl_json_parser', metadata: { config: { validateSchema: true } } },
      { 'json-in': JSON.stringify(`${'a'.repeat(24)}!`), 'schema-in': { type: 'string', pattern: '^(a+)+$' } },
      'failed',
    ],
    [
      'a transformer validating items against a catastrophic pattern',
      { component: 'tpl_data_transformer', metadata: { config: {} } },
      { 'data-in': Array.from({ length: 3 }, () => `${'a'.repeat(24)}!`), 'schema-in': { type: 'string', pattern: '^(a+)+$' } },
      'completed',
    ],
    [
      'a 4 MB CSV text',
      { component: 'tpl_csv_reader', metadata: { config: {} } },
      { 'file-in': `id,name,city\n${Array.from({ length: 120_000 }, (_, i) => `${i},"name ${i}",city${i % 97}`).join('\n')}` },
      'completed',
    ],
    [
      '4 MB of lenient JSON with a late mistake',
      { component: 'tpl_json_parser', metadata: { config: { strictMode: false, allowComments: true } } },
      { 'json-in': `[${Array.from({ length: 200_000 }, (_, i) => `{"n": ${i}, /* c */ "s": "x"},`).join('')} oops]` },
      'failed',
    ],
    [
      'a script returning 50 MB',
      { component: 'tpl_javascript_script', metadata: { config: { script: "return 'x'.repeat(50 * 1024 * 1024);" } } },
      {},
      'failed',
    ],
  ];

  it.each(cases)(
    'keeps /health answering while %s runs',
    async (_name, node, input, expectedStatus) => {
      let { worstMs, runMs, status } = await stallDuring(app, node, input);
      // Measured once more when over the bound: the first run of a kind also pays for loading and compiling its
      // code (the 4 MB CSV case took 250-330 ms the first time on a quiet 2-core machine and far less after), and
      // the probe shares the cores with the test runner; a stall of the service itself shows in both measures.
      if (worstMs >= 250) ({ worstMs, runMs, status } = await stallDuring(app, node, input));
      expect(status).toBe(expectedStatus);
      // The target is 50 ms; the bound leaves room for a busy test machine, and the run itself takes far longer.
      expect(worstMs).toBeLessThan(250);
      expect(runMs).toBeGreaterThan(worstMs);
    },
    60_000,
  );

  const oversized: [string, unknown][] = [
    ['a malformed 7 MB graph of 700,000 connections', { processes: {}, connections: Array.from({ length: 700_000 }, () => ({ from: 1 })) }],
    ['a graph of 200,000 processes', { processes: Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`p${i}`, { component: 'tpl_math_add' }])) }],
  ];

  it.each(oversized)(
    'refuses %s at once, with a small answer, while /health keeps answering',
    async (_name, graph) => {
      const refusal = () => {
        const post = fetch(`${app.url}/workflows`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ graph_json: graph, input: {} }),
        });
        return probeWhile(
          app,
          post.then(async (response) => ({ status: response.status, body: await response.text() })),
        );
      };
      let { worstMs, outcome } = await refusal();
      // Measured once more when over the bound, as the cases above are.
      if (worstMs >= 250) ({ worstMs, outcome } = await refusal());
      expect(outcome.status).toBe(400);
      expect(outcome.body.length).toBeLessThan(20_000);
      expect(JSON.parse(outcome.body)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(worstMs).toBeLessThan(250);
    },
    60_000,
  );
});
