import { type EgressPolicy, type RetryPolicy, retryPolicy } from '../../outbound-http';
import { DEFAULT_EGRESS } from '../network/network-actor-options';
import { type NamedSecretLookup } from '../shared';

/** What the AI actor factories take from the server. */
export interface AiActorOptions {
  /** What the calls may reach; every connection is checked. @default the built-in denials only */
  egress?: EgressPolicy;
  /** The operator's named secrets, so that a missing key is a validation error before the run. */
  secret?: NamedSecretLookup;
  /** Base URLs by vendor name (the server's `ai_endpoints`), replacing the vendors' public addresses. */
  endpoints?: Readonly<Record<string, string>>;
  /** Fields of the retry policy to change, such as shorter backoff steps. @default AI_RETRY_POLICY */
  policy?: Partial<RetryPolicy>;
  /** The wait between two polls of a Replicate prediction, in ms. @default 1000 */
  pollIntervalMs?: number;
}

/**
 * The public base URL of each service the AI nodes call, as its SDK or API takes it. A node's `baseUrl`,
 * then the server's `ai_endpoints` entry of the same name, replace it.
 */
export const VENDOR_BASE_URLS = {
  openai: 'https://api.openai.com/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
  huggingface: 'https://router.huggingface.co/hf-inference',
  replicate: 'https://api.replicate.com/v1',
  serpapi: 'https://serpapi.com',
  wikipedia: 'https://en.wikipedia.org/w',
} as const;

/** A service the AI nodes call, named as in `ai_endpoints`. */
export type AiVendor = keyof typeof VENDOR_BASE_URLS;

/** How messages name each service. */
export const VENDOR_TITLES: Readonly<Record<AiVendor, string>> = {
  openai: 'OpenAI',
  openrouter: 'OpenRouter',
  anthropic: 'Anthropic',
  google: 'Gemini',
  huggingface: 'Hugging Face',
  replicate: 'Replicate',
  serpapi: 'SerpAPI',
  wikipedia: 'Wikipedia',
};

/** The base URL a call goes to: the node's setting, else the server's endpoint for the vendor, else the public one; without a trailing slash. */
export function baseUrlOf(vendor: AiVendor, nodeBaseUrl: string | undefined, options: AiActorOptions): string {
  return (nodeBaseUrl ?? options.endpoints?.[vendor] ?? VENDOR_BASE_URLS[vendor]).trim().replace(/\/+$/, '');
}

/** The egress policy of the calls. */
export function egressOf(options: AiActorOptions): EgressPolicy {
  return options.egress ?? DEFAULT_EGRESS;
}

/**
 * The retry policy of AI calls: 3 attempts in all, on 408, 429 and 5xx answers and on connection failures,
 * with exponential backoff and jitter; a `Retry-After` header replaces the step (up to 30 s). The SDKs' own
 * retries are off, so that this is the only policy. Retries stop when the node's `timeout` or the run's cancel
 * ends the call, and never happen once a streamed answer has started.
 */
const AI_RETRY_POLICY: Readonly<Partial<RetryPolicy>> = Object.freeze({ attempts: 3 });

/** The retry policy of one kind of call: {@link AI_RETRY_POLICY}, the server's changes, then the call's own. */
export function aiRetryPolicy(options: AiActorOptions, own: Partial<RetryPolicy> = {}): RetryPolicy {
  return retryPolicy({ ...AI_RETRY_POLICY, ...options.policy, ...own });
}
