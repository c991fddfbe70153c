import { type PeerAnswer, type PeerRoute, type RecordedRequest, type RecordingPeer, startRecordingPeer } from './recording-peer';

/** The token the GitHub peer accepts; any other gets GitHub's 401 `Bad credentials`. */
export const GITHUB_TEST_TOKEN = 'ghp_peerToken0123456789abcdefABCDEF';

/** The repository the GitHub peer serves. */
export const GITHUB_REPO = { owner: 'octo-org', repo: 'hello-world' } as const;

/** When the peer's rate limit resets, in epoch seconds. */
export const GITHUB_RATE_RESET = 1_900_000_000;

/** GitHub's rate-limit headers with `remaining` calls left. */
export function githubRateHeaders(remaining = 4999): Record<string, string> {
  return {
    'x-ratelimit-limit': '5000',
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-used': String(5000 - remaining),
    'x-ratelimit-reset': String(GITHUB_RATE_RESET),
    'x-ratelimit-resource': 'core',
  };
}

/** A GitHub error answer: `{message, documentation_url}` with the rate-limit headers and any others. */
export function githubError(status: number, message: string, headers: Record<string, string> = {}): PeerAnswer {
  return {
    status,
    headers: { ...githubRateHeaders(status === 403 || status === 429 ? 0 : 4998), ...headers },
    body: { message, documentation_url: 'https://docs.github.com/rest' },
  };
}

const ISSUES = [
  { number: 1, title: 'First bug', state: 'open' },
  { number: 2, title: 'Second bug', state: 'closed' },
  { number: 3, title: 'Third bug', state: 'open' },
];

// Answers only a request carrying the token, as GitHub does (`token` scheme, as Octokit sends a personal token).
function authorized(route: (request: RecordedRequest) => PeerAnswer): PeerRoute {
  return (request) => (request.headers.authorization === `token ${GITHUB_TEST_TOKEN}` ? route(request) : githubError(401, 'Bad credentials'));
}

function json(body: unknown, status = 200): PeerAnswer {
  return { status, headers: { ...githubRateHeaders(), 'content-type': 'application/json; charset=utf-8' }, body };
}

/**
 * Starts a GitHub REST peer for {@link GITHUB_REPO}: repository, issues (listed by `state` and `per_page`,
 * created from `{title, body}`), pull request 7 and commits, each with GitHub's rate-limit headers.
 * `overrides` replace routes (keyed `'METHOD /path'`, the prefix included); `prefix` serves the API under a
 * path, as GitHub Enterprise Server does under `/api/v3`.
 */
export async function startGithubPeer(overrides: Record<string, PeerRoute> = {}, prefix = ''): Promise<RecordingPeer> {
  const repo = `${prefix}/repos/${GITHUB_REPO.owner}/${GITHUB_REPO.repo}`;
  return startRecordingPeer({
    [`GET ${repo}`]: authorized(() => json({ id: 1296269, name: GITHUB_REPO.repo, full_name: `${GITHUB_REPO.owner}/${GITHUB_REPO.repo}`, private: false })),
    [`GET ${repo}/issues`]: authorized(({ query }) => {
      const state = query.get('state') ?? 'open';
      const listed = ISSUES.filter((issue) => state === 'all' || issue.state === state);
      return json(listed.slice(0, Number(query.get('per_page') ?? 30)));
    }),
    [`POST ${repo}/issues`]: authorized(({ json: sent }) => {
      const { title, body } = sent as { title?: string; body?: string };
      return title === undefined
        ? json({ message: 'Validation Failed', errors: [{ field: 'title', code: 'missing_field' }] }, 422)
        : json({ number: 42, title, body, state: 'open' }, 201);
    }),
    [`GET ${repo}/pulls/7`]: authorized(() => json({ number: 7, title: 'Add feature', state: 'open', merged: false })),
    [`GET ${repo}/commits`]: authorized(({ query }) => json([{ sha: 'abc123', commit: { message: query.get('sha') === 'dev' ? 'dev work' : 'initial' } }])),
    ...overrides,
  });
}
