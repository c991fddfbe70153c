import { type JsonValue } from '../../server/engine';
import { EgressPolicy } from '../../server/outbound-http';
import { createGithubActor } from '../../server/actors';
import { GITHUB_RATE_RESET, GITHUB_REPO, GITHUB_TEST_TOKEN, githubError, githubRateHeaders, startGithubPeer } from '../support/peers/github-peer';
import { type RecordingPeer } from '../support/peers/recording-peer';
import { everythingSaid, inTurn, runSaasNode, validationIssues } from './run-saas-node';

const FAST = { baseMs: 5, maxMs: 20, maxRetryAfterMs: 50 };
const secrets = { GITHUB_TOKEN: GITHUB_TEST_TOKEN };
const repoPath = `/repos/${GITHUB_REPO.owner}/${GITHUB_REPO.repo}`;

let peer: RecordingPeer;
afterEach(() => peer?.close());

function actorFor(options: Parameters<typeof createGithubActor>[0] = {}, known: Record<string, string> = secrets) {
  return createGithubActor({ secret: (name) => known[name], policy: FAST, ...options });
}

function config(extra: Record<string, unknown> = {}) {
  return { owner: GITHUB_REPO.owner, repo: GITHUB_REPO.repo, baseUrl: peer.url, ...extra };
}

describe('tpl_github_api', () => {
  it('runs every operation of its select list through Octokit and sends the data and the rate limit', async () => {
    peer = await startGithubPeer();
    const actor = actorFor();
    const cases = [
      { operation: 'get-repo', params: undefined, method: 'GET', path: repoPath, data: expect.objectContaining({ full_name: 'octo-org/hello-world' }) },
      {
        operation: 'list-issues',
        params: { state: 'all' },
        method: 'GET',
        path: `${repoPath}/issues`,
        query: { per_page: '2', state: 'all' },
        data: [expect.objectContaining({ number: 1 }), expect.objectContaining({ number: 2 })],
      },
      {
        operation: 'create-issue',
        params: { title: 'Broken build', body: 'See CI' },
        method: 'POST',
        path: `${repoPath}/issues`,
        body: { title: 'Broken build', body: 'See CI' },
        data: expect.objectContaining({ number: 42, title: 'Broken build' }),
      },
      { operation: 'get-pr', params: 7, method: 'GET', path: `${repoPath}/pulls/7`, data: expect.objectContaining({ number: 7, merged: false }) },
      {
        operation: 'list-commits',
        params: { sha: 'dev' },
        method: 'GET',
        path: `${repoPath}/commits`,
        query: { per_page: '2', sha: 'dev' },
        data: [expect.objectContaining({ commit: { message: 'dev work' } })],
      },
    ];
    for (const [i, c] of cases.entries()) {
      const outcome = await runSaasNode(actor, {
        config: config({ operation: c.operation, perPage: 2 }),
        packets: c.params === undefined ? [] : [['params-in', c.params as JsonValue]],
        secrets,
      });
      expect(outcome.result.errors).toEqual([]);
      const sent = peer.requests[i];
      expect({ method: sent.method, path: sent.path }).toEqual({ method: c.method, path: c.path });
      expect(Object.fromEntries(sent.query)).toEqual(c.query ?? {});
      if (c.body !== undefined) expect(sent.json).toEqual(c.body);
      expect(sent.headers.authorization).toBe(`token ${GITHUB_TEST_TOKEN}`);
      expect(sent.headers.accept).toContain('application/vnd.github.v3+json');
      expect(outcome.received['node.data-out']).toEqual([c.data]);
      expect(outcome.received['node.rate-out']).toEqual([
        { limit: 5000, remaining: 4999, used: 1, reset: GITHUB_RATE_RESET, resetAt: new Date(GITHUB_RATE_RESET * 1000).toISOString(), resource: 'core' },
      ]);
    }
    expect(peer.requests).toHaveLength(cases.length);
  });

  it('takes its token from a ${secret:NAME} reference as well as from the GITHUB_TOKEN secret, and lets it out nowhere', async () => {
    peer = await startGithubPeer();
    const orgSecrets = { ORG_TOKEN: GITHUB_TEST_TOKEN };
    const outcome = await runSaasNode(actorFor({}, orgSecrets), { config: config({ token: '${secret:ORG_TOKEN}' }), secrets: orgSecrets });
    expect(outcome.result.success).toBe(true);
    expect(peer.requests[0].headers.authorization).toBe(`token ${GITHUB_TEST_TOKEN}`);
    expect(everythingSaid(outcome)).not.toContain(GITHUB_TEST_TOKEN);
  });

  it('calls GitHub Enterprise under the node baseUrl, else the server-wide address', async () => {
    peer = await startGithubPeer({}, '/api/v3');
    const own = await runSaasNode(actorFor(), { config: config({ baseUrl: `${peer.url}/api/v3/` }), secrets });
    const serverWide = await runSaasNode(actorFor({ baseUrl: `${peer.url}/api/v3` }), { config: config({ baseUrl: undefined }), secrets });
    expect([own.result.success, serverWide.result.success]).toEqual([true, true]);
    expect(peer.requests.map((request) => request.path)).toEqual([`/api/v3${repoPath}`, `/api/v3${repoPath}`]);
  });

  it("fails with GitHub's message on a 401 and never retries it", async () => {
    peer = await startGithubPeer();
    const outcome = await runSaasNode(actorFor(), { config: config({ token: 'ghp_wrong' }), secrets });
    expect(outcome.result.success).toBe(false);
    expect(outcome.result.errors[0].message).toMatch(
      /^GitHub answered HTTP 401 to GET http:\/\/127\.0\.0\.1:\d+\/repos\/octo-org\/hello-world: Bad credentials/,
    );
    expect(peer.requests).toHaveLength(1);
    expect(everythingSaid(outcome)).not.toContain('ghp_wrong');
  });

  it('waits as long as a 429 asks with Retry-After, retries a 503, then sends the data', async () => {
    peer = await startGithubPeer({
      [`GET ${repoPath}`]: inTurn(githubError(429, 'Slow down', { 'retry-after': '1' }), githubError(503, 'Unavailable'), {
        headers: githubRateHeaders(10),
        body: { name: 'hello-world' },
      }),
    });
    const started = Date.now();
    const outcome = await runSaasNode(actorFor({ policy: { baseMs: 5, maxMs: 20 } }), { config: config(), secrets });
    expect(outcome.received['node.data-out']).toEqual([{ name: 'hello-world' }]);
    expect(outcome.received['node.rate-out']).toEqual([expect.objectContaining({ remaining: 10 })]);
    expect(peer.requests).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('fails with the Retry-After GitHub asked for once its retries are spent', async () => {
    peer = await startGithubPeer({ [`GET ${repoPath}/issues`]: () => githubError(429, 'You have exceeded a secondary rate limit', { 'retry-after': '30' }) });
    const outcome = await runSaasNode(actorFor(), { config: config({ operation: 'list-issues' }), secrets });
    expect(outcome.result.errors[0].message).toMatch(/HTTP 429 .*secondary rate limit.*\(Retry-After: 30\)$/);
    expect(peer.requests).toHaveLength(3);
  });

  it('never sends create-issue twice: a 502 fails it at once', async () => {
    peer = await startGithubPeer({ [`POST ${repoPath}/issues`]: () => githubError(502, 'Server Error') });
    const outcome = await runSaasNode(actorFor(), { config: config({ operation: 'create-issue' }), packets: [['params-in', { title: 'Once' }]], secrets });
    expect(outcome.result.errors[0].message).toContain('GitHub answered HTTP 502 to POST');
    expect(peer.requests).toHaveLength(1);
  });

  it('fails a spent rate limit (403) at once with the time it resets', async () => {
    peer = await startGithubPeer({ [`GET ${repoPath}`]: () => githubError(403, 'API rate limit exceeded') });
    const outcome = await runSaasNode(actorFor(), { config: config(), secrets });
    expect(outcome.result.errors[0].message).toContain(
      `API rate limit exceeded - https://docs.github.com/rest; the rate limit resets at ${new Date(GITHUB_RATE_RESET * 1000).toISOString()}`,
    );
    expect(peer.requests).toHaveLength(1);
  });

  it('reports what params-in lacks for get-pr and create-issue without calling GitHub', async () => {
    peer = await startGithubPeer();
    const pr = await runSaasNode(actorFor(), { config: config({ operation: 'get-pr' }), secrets });
    const issue = await runSaasNode(actorFor(), { config: config({ operation: 'create-issue' }), packets: [['params-in', { body: 'no title' }]], secrets });
    expect(pr.result.errors[0].message).toContain('get-pr needs the pull request number on params-in');
    expect(issue.result.errors[0].message).toContain('create-issue needs params-in with a title');
    expect(peer.requests).toHaveLength(0);
  });

  it('refuses a graph without a token or with a bad baseUrl before anything runs, naming the setting', () => {
    const withoutSecrets = createGithubActor();
    expect(validationIssues(withoutSecrets, { owner: 'o', repo: 'r' })).toEqual([
      "processes.node.metadata.config.token: Node 'node': config 'token': is required: set token or configure the secret GITHUB_TOKEN",
    ]);
    expect(validationIssues(withoutSecrets, { owner: 'o', repo: 'r', token: '${secret:NOPE}' })).toEqual([
      expect.stringContaining('refers to the secret NOPE, which is not configured'),
    ]);
    expect(validationIssues(actorFor(), { owner: 'o', repo: 'r', baseUrl: 'ftp://example.test' })).toEqual([
      expect.stringMatching(/baseUrl.*'ftp:' URLs are not supported/),
    ]);
    expect(validationIssues(actorFor(), { owner: 'o', repo: 'r' })).toEqual([]);
  });

  it('sends nothing to an address the egress policy refuses', async () => {
    peer = await startGithubPeer();
    const outcome = await runSaasNode(actorFor({ egress: new EgressPolicy({ deny: ['127.0.0.0/8'] }) }), { config: config(), secrets });
    expect(outcome.result.errors[0].message).toContain('egress policy refuses');
    expect(peer.requests).toHaveLength(0);
  });

  it('aborts the call when the run is cancelled, and bounds each attempt by the node timeout', async () => {
    peer = await startGithubPeer({ [`GET ${repoPath}`]: () => ({ delayMs: 5000, body: {} }) });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 200);
    const cancelled = await runSaasNode(actorFor(), { config: config(), secrets, signal: cancel.signal });
    expect(cancelled.events.at(-1)?._type).toBe('Cancelled');
    const timedOut = await runSaasNode(actorFor({ policy: { ...FAST, attempts: 1 } }), { config: config({ timeout: 100 }), secrets });
    expect(timedOut.result.errors[0].message).toContain('timed out after 100 ms');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(peer.aborted).toBe(2);
  });
});
