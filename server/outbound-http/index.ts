export { type RetryPolicy, isRetryableStatus, retryPolicy, backoffDelay } from './retry-policy';
export { type HttpCall, type FetchOptions, type FetchedResponse, HttpTransportError, fetchWithRetry } from './fetch-with-retry';
export { BodyTooLargeError, MAX_RESPONSE_BYTES, readBoundedStream } from './read-bounded-body';
export { describeUrl } from './describe-url';
export { wait } from './wait';
export { type OutboundAttempt, outboundAttempts } from './outbound-attempts';
export { type ReservedEndpoint, EgressDeniedError, EgressPolicy } from './egress-policy';
