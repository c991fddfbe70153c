import { type EgressPolicy, type RetryPolicy } from '../../outbound-http';
import { type NamedSecretLookup } from '../shared';

/** What the SaaS actor factories take from the server. */
export interface SaasActorOptions {
  /** What the vendor calls may reach. @default the built-in denials only */
  egress?: EgressPolicy;
  /** The operator's named secrets, so that validation can tell whether a vendor key is configured. */
  secret?: NamedSecretLookup;
  /** The vendor address of nodes that set no `baseUrl` of their own. @default the vendor's public API */
  baseUrl?: string;
  /** Fields of the retry policy to change (backoff timings, the `Retry-After` bound); the attempts are the actor's. @default DEFAULT_RETRY_POLICY */
  policy?: Partial<RetryPolicy>;
  /** The longest a node's `timeout` can make one attempt wait, in ms. @default DEFAULT_MAX_REQUEST_TIMEOUT_MS */
  maxTimeoutMs?: number;
}

/** The server-wide vendor addresses (`saas_endpoints`), by vendor; an unset one leaves the vendor's public API. */
export interface SaasEndpoints {
  /** The GitHub REST API root (GitHub Enterprise Server: `https://host/api/v3`). */
  github?: string;
  google_sheets?: string;
  /** Where Google service-account assertions are exchanged for access tokens. */
  google_token?: string;
  hubspot?: string;
  /** Where Salesforce nodes log in (OAuth); their REST calls then go to the instance the login names. */
  salesforce?: string;
}
