import { z } from 'zod';
import { type NamedSecretLookup, credentialOf, missingCredential } from '../shared';
import { type AccessTokenCache, serviceAccountToken } from './google-service-account';
import { type VendorCallContext } from './vendor-request';

/** The named secrets of a Google Sheets node: the template's two, and the service account's key of our own. */
export const SHEETS_SECRETS = { apiKey: 'GOOGLE_SHEETS_API_KEY', clientEmail: 'GOOGLE_SHEETS_CLIENT_EMAIL', privateKey: 'GOOGLE_SHEETS_PRIVATE_KEY' } as const;

/** The credential keys of a Google Sheets node, as configured (references resolved when it fires). */
export interface SheetsCredentials {
  readonly operation: string;
  readonly apiKey?: string;
  readonly clientEmail?: string;
  readonly privateKey?: string;
}

/**
 * Adds a validation issue naming the key a Sheets node lacks: a read needs an API key or a service account
 * (clientEmail and privateKey); write, append and clear need the service account, since an API key can only read.
 */
export function requireSheetsCredentials(secret: NamedSecretLookup | undefined) {
  return (config: SheetsCredentials, ctx: z.RefinementCtx): void => {
    const account = (['clientEmail', 'privateKey'] as const).flatMap((key) => {
      const problem = missingCredential(config[key], key, [SHEETS_SECRETS[key]], secret);
      return problem === undefined ? [] : [{ key, problem }];
    });
    if (config.operation === 'read') {
      const keyProblem = missingCredential(config.apiKey, 'apiKey', [SHEETS_SECRETS.apiKey], secret);
      if (keyProblem !== undefined && account.length > 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['apiKey'], message: `${keyProblem}, or give a service account (clientEmail and privateKey)` });
      }
      return;
    }
    for (const { key, problem } of account) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: `${problem} (${config.operation} needs a service account: an API key can only read)` });
    }
  };
}

/** How a firing authenticates: the headers to send, and the access token when it is one (to forget it when refused). */
export interface SheetsAuthorization {
  readonly headers: Record<string, string>;
  readonly accessToken?: string;
}

/**
 * The authentication of a firing: a bearer token of the service account when both its keys are there (any
 * operation), else the API key in the `x-goog-api-key` header (never in the URL, which proxies and logs keep).
 * @throws Error naming the missing key (a secret removed since validation)
 */
export async function sheetsAuthorization(
  config: SheetsCredentials,
  secret: NamedSecretLookup,
  tokenUrl: URL,
  cache: AccessTokenCache,
  context: VendorCallContext,
): Promise<SheetsAuthorization> {
  const clientEmail = credentialOf(config.clientEmail, [SHEETS_SECRETS.clientEmail], secret);
  const privateKey = credentialOf(config.privateKey, [SHEETS_SECRETS.privateKey], secret);
  if (clientEmail !== undefined && privateKey !== undefined) {
    const accessToken = await serviceAccountToken({ clientEmail, privateKey }, tokenUrl, cache, context);
    return { headers: { authorization: `Bearer ${accessToken}` }, accessToken };
  }
  if (config.operation !== 'read') throw new Error(`config 'privateKey' and 'clientEmail' are required: ${config.operation} needs a service account`);
  const apiKey = credentialOf(config.apiKey, [SHEETS_SECRETS.apiKey], secret);
  if (apiKey === undefined) throw new Error(`config 'apiKey' is required: set apiKey or configure the secret ${SHEETS_SECRETS.apiKey}`);
  return { headers: { 'x-goog-api-key': apiKey } };
}
