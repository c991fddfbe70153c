import { ActorError } from '../../engine';
import { type EgressPolicy, type RetryPolicy } from '../../outbound-http';
import { credentialOf, missingCredential } from '../shared';
import { type AiActorOptions, type AiVendor, aiRetryPolicy, baseUrlOf, egressOf } from './ai-actor-options';
import { type SdkFetch, sdkFetch } from './sdk-fetch';
import { type CallFrame, vendorFailure } from './vendor-failure';

/** The settings of a node that a call reads. */
export interface VendorSettings {
  readonly apiKey?: string;
  readonly baseUrl?: string;
  /** The node's time limit of the whole call, in ms. */
  readonly timeout: number;
}

/** One firing's call to a vendor: where it goes, with which key, under which limits. */
export interface VendorCall extends CallFrame {
  readonly apiKey: string;
  /** The base URL, without a trailing slash. */
  readonly baseUrl: string;
  readonly egress: EgressPolicy;
  readonly policy: RetryPolicy;
  /** The fetch to hand the vendor's SDK: egress-checked, retried by the policy, aborted with the call. */
  readonly fetch: SdkFetch;
  /** Runs the vendor I/O, turning what it throws into what the firing throws (see `vendorFailure`). */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/** What {@link openVendorCall} reads from the actor context. */
export interface CallContext {
  readonly signal: AbortSignal;
  secret(name: string): string | undefined;
}

/**
 * Prepares a firing's call: the key from the `apiKey` setting (references already resolved) or the first
 * configured named secret, the base URL (node, then `ai_endpoints`, then the vendor's), and a signal that the
 * run's cancel and the node's `timeout` both abort.
 * @throws ActorError naming the setting when no key is found (validation checks it before the run).
 */
export function openVendorCall(
  vendor: AiVendor,
  settings: VendorSettings,
  ctx: CallContext,
  secretNames: readonly string[],
  options: AiActorOptions,
  policy: Partial<RetryPolicy> = {},
): VendorCall {
  const apiKey = credentialOf(settings.apiKey, secretNames, (name) => ctx.secret(name));
  if (apiKey === undefined) {
    throw new ActorError(`config 'apiKey' ${missingCredential(undefined, 'apiKey', secretNames, (name) => ctx.secret(name))}`, { vendor });
  }
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(settings.timeout)]);
  const egress = egressOf(options);
  const retry = aiRetryPolicy(options, policy);
  const frame: CallFrame = { vendor, runSignal: ctx.signal, signal, timeoutMs: settings.timeout, apiKey };
  return {
    ...frame,
    apiKey,
    baseUrl: baseUrlOf(vendor, settings.baseUrl, options),
    egress,
    policy: retry,
    fetch: sdkFetch({ egress, policy: retry, attemptTimeoutMs: settings.timeout }),
    run: async (work) => {
      try {
        return await work();
      } catch (error) {
        throw vendorFailure(frame, error);
      }
    },
  };
}
