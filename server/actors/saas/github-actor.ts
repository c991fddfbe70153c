import { z } from 'zod';
import { type JsonObject, defineActor } from '../../engine';
import { type NamedSecretLookup, choiceSetting, numberSetting, requireCredential, requiredText } from '../shared';
import { githubClient } from './github-client';
import { githubFailure } from './github-failure';
import { GITHUB_OPERATIONS, githubOperationEffects, isIdempotentGithubOperation, runGithubOperation } from './github-operations';
import { githubRateLimit } from './github-rate-limit';
import { type SaasActorOptions } from './saas-actor-options';
import { attemptTimeout, credentialSetting, firingCredential, timeoutSetting, vendorBaseUrl, vendorUrlSetting } from './saas-settings';

/** GitHub's public REST API, used when neither the node nor the server names another. */
const GITHUB_PUBLIC_API = 'https://api.github.com';

const TOKEN_SECRETS = ['GITHUB_TOKEN'];

/** The `tpl_github_api` properties, plus the keys of our own: `token`, `baseUrl` and `timeout`. */
function githubConfigSchema(secret?: NamedSecretLookup) {
  return z
    .object({
      operation: choiceSetting('The GitHub call: get-repo, list-issues, create-issue (never retried), get-pr or list-commits', GITHUB_OPERATIONS, 'get-repo'),
      owner: requiredText('The user or organisation that owns the repository'),
      repo: requiredText('The repository name'),
      perPage: numberSetting(
        'Items per page of list-issues and list-commits (GitHub allows 1 to 100); params-in may ask for a page',
        z.number().int().min(1).max(100).default(30),
      ),
      token: credentialSetting('A GitHub token (personal access or app installation token)', 'GITHUB_TOKEN'),
      baseUrl: vendorUrlSetting(
        `The REST API root, such as https://github.example.com/api/v3 for GitHub Enterprise Server; when unset, the server's saas_endpoints.github, else ${GITHUB_PUBLIC_API}`,
      ),
      timeout: timeoutSetting(),
    })
    .superRefine(requireCredential('token', TOKEN_SECRETS, secret));
}

/**
 * Builds the `tpl_github_api` actor: one GitHub REST call through Octokit per `params-in` packet (once at
 * start when nothing feeds the node), the answer's data on `data-out` and its rate-limit headers on
 * `rate-out`. A GitHub error fails the firing with GitHub's message (and the rate limit in its details).
 */
export function createGithubActor(options: SaasActorOptions = {}) {
  return defineActor({
    id: 'tpl_github_api',
    title: 'GitHub API',
    description: 'Calls the GitHub REST API (Octokit) for a repository: get-repo, list-issues, create-issue, get-pr or list-commits.',
    inports: {
      'params-in': {
        type: 'object',
        description: 'Extra GitHub parameters of the call (state, labels, page, title, body, pull_number...); each packet makes one call.',
      },
    },
    outports: {
      'data-out': { type: 'all', description: 'The data GitHub answered: the repository, issue, pull request, or a list.' },
      'rate-out': { type: 'object', description: 'The rate limit GitHub reported: {limit, remaining, used, reset, resetAt, resource}.' },
    },
    config: githubConfigSchema(options.secret),
    effects: (config) => githubOperationEffects(config.operation),
    fire: async ({ config, inputs, signal, send, secret, log }) => {
      const operation = config.operation;
      const octokit = githubClient({
        token: firingCredential(config.token, 'token', TOKEN_SECRETS, secret),
        baseUrl: vendorBaseUrl(config.baseUrl, options.baseUrl, GITHUB_PUBLIC_API),
        idempotent: isIdempotentGithubOperation(operation),
        context: { signal, timeoutMs: attemptTimeout(config.timeout, options.maxTimeoutMs), options },
        warn: (message) => log(message),
      });
      const call = { owner: config.owner, repo: config.repo, perPage: config.perPage, params: inputs['params-in'] };
      let answer;
      try {
        answer = await runGithubOperation(octokit, operation, call);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw githubFailure(error);
      }
      await send('data-out', answer.data);
      const rate: JsonObject | undefined = githubRateLimit(answer.headers);
      if (rate !== undefined) await send('rate-out', rate);
    },
  });
}

/** The `tpl_github_api` actor without server options; the server's catalogue builds its own with `createGithubActor`. */
export const githubActor = createGithubActor();
