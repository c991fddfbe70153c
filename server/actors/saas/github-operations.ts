import { type Octokit } from '@octokit/rest';
import { type FiringEffects, type JsonObject, type JsonValue, isJsonObject } from '../../engine';

/** The operations of the `tpl_github_api` template, each a GitHub REST route. */
const GITHUB_ROUTES = {
  'get-repo': 'GET /repos/{owner}/{repo}',
  'list-issues': 'GET /repos/{owner}/{repo}/issues',
  'create-issue': 'POST /repos/{owner}/{repo}/issues',
  'get-pr': 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
  'list-commits': 'GET /repos/{owner}/{repo}/commits',
} as const;

/** One operation of the GitHub node. */
export type GithubOperation = keyof typeof GITHUB_ROUTES;

/** The operation names, in the template's order. */
export const GITHUB_OPERATIONS = Object.keys(GITHUB_ROUTES) as [GithubOperation, ...GithubOperation[]];

/** What one operation is called with: the node's repository and page size, and the `params-in` packet. */
export interface GithubCall {
  readonly owner: string;
  readonly repo: string;
  readonly perPage: number;
  readonly params: JsonValue | undefined;
}

/** A GitHub answer: its data and headers (lower-case names). */
export interface GithubAnswer {
  readonly data: JsonValue;
  readonly headers: Readonly<Record<string, string | number | undefined>>;
}

/** Whether sending the operation twice does no harm: every one but `create-issue`. */
export function isIdempotentGithubOperation(operation: GithubOperation): boolean {
  return operation !== 'create-issue';
}

/** The effects of an operation: a GET route only reads; any other writes, once. */
export function githubOperationEffects(operation: GithubOperation): Exclude<FiringEffects, 'none'> {
  return GITHUB_ROUTES[operation].startsWith('GET ') ? 'repeatable' : 'once';
}

/**
 * The route parameters of an operation: `owner`, `repo` and, for lists, `per_page`, with the `params-in`
 * object over them (filters such as `state`, `labels`, `since`, `sha`, `page`; `title` and `body` of a new
 * issue). `get-pr` also takes the bare pull request number on `params-in`.
 * @throws Error naming what `params-in` lacks
 */
function githubParameters(operation: GithubOperation, call: GithubCall): JsonObject {
  const { params } = call;
  if (params !== undefined && params !== null && !isJsonObject(params) && !(operation === 'get-pr' && typeof params === 'number')) {
    throw new Error(`params-in of ${operation} must be an object of GitHub parameters`);
  }
  const extra = isJsonObject(params) ? params : {};
  const listing = operation === 'list-issues' || operation === 'list-commits';
  const parameters: JsonObject = { owner: call.owner, repo: call.repo, ...(listing ? { per_page: call.perPage } : {}), ...extra };
  if (operation === 'get-pr') {
    const number = typeof params === 'number' ? params : (extra.pull_number ?? extra.number);
    if (typeof number !== 'number' && typeof number !== 'string')
      throw new Error('get-pr needs the pull request number on params-in (a number, or {pull_number})');
    parameters.pull_number = number;
    delete parameters.number;
  }
  if (operation === 'create-issue' && (typeof extra.title !== 'string' || extra.title.trim() === '')) {
    throw new Error('create-issue needs params-in with a title (and optionally body, labels, assignees)');
  }
  return parameters;
}

/** Runs one operation through Octokit; a GitHub error status rejects with Octokit's `RequestError`. */
export async function runGithubOperation(octokit: Octokit, operation: GithubOperation, call: GithubCall): Promise<GithubAnswer> {
  const response = await octokit.request(GITHUB_ROUTES[operation], githubParameters(operation, call) as never);
  return { data: response.data as JsonValue, headers: response.headers };
}
