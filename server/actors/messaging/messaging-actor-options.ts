import { type EgressPolicy, type RetryPolicy } from '../../outbound-http';
import { type NamedSecretLookup } from '../shared';

/** What the messaging actor factories take from the server. */
export interface MessagingActorOptions {
  /** What the vendor calls, webhooks and SMTP connections may reach. @default the built-in denials only */
  egress?: EgressPolicy;
  /** The operator's named secrets, so that validation can tell whether a vendor key is configured. */
  secret?: NamedSecretLookup;
  /** Fields of the retry policy to change (backoff timings, the `Retry-After` bound); attempts and retried statuses are the actor's. @default DEFAULT_RETRY_POLICY */
  policy?: Partial<RetryPolicy>;
  /** The longest a node's `timeout` can make one attempt wait, in ms. @default DEFAULT_MAX_REQUEST_TIMEOUT_MS */
  maxTimeoutMs?: number;
}
