import { createHash } from 'node:crypto';
import { type JsonValue } from '../../engine';
import { parseHttpUrl } from '../network/http-url';
import { vendorEndpoint } from './saas-settings';
import { bodyText, textField, vendorFailure } from './vendor-failure';
import { type VendorCallContext, type VendorRequest, sendVendorRequest } from './vendor-request';

/** Salesforce's login host, used when neither the node nor the server names another (`https://test.salesforce.com` for sandboxes). */
export const SALESFORCE_PUBLIC_LOGIN = 'https://login.salesforce.com';

/** The connected app and user a Salesforce node logs in as (OAuth username-password flow). */
export interface SalesforceAccount {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly username: string;
  /** The password, followed by the user's security token when the org asks for one. */
  readonly password: string;
}

/** A logged-in session: the access token and the instance its REST calls go to. */
export interface SalesforceSession {
  readonly accessToken: string;
  readonly instanceUrl: URL;
}

/** Sessions a factory's nodes share, by login host and account, until Salesforce refuses one. */
export type SalesforceSessionCache = Map<string, SalesforceSession>;

/** One REST call of a firing: a path under the instance (`/services/data/v60.0/...`) or an absolute path Salesforce gave. */
export interface SalesforceCall {
  readonly method: VendorRequest['method'];
  readonly path: string;
  readonly query?: Record<string, string | undefined>;
  readonly json?: JsonValue;
  readonly idempotent: boolean;
}

/** The message of a Salesforce error body: REST's `[{errorCode, message}]`, OAuth's `{error, error_description}`. */
function salesforceMessage(body: JsonValue): { message?: string; code?: string } {
  if (Array.isArray(body) && body.length > 0) {
    const first = body[0];
    const message = body.map((item) => [textField(item, 'errorCode'), textField(item, 'message')].filter(Boolean).join(': ')).join('; ');
    return { message, code: textField(first, 'errorCode') };
  }
  const description = textField(body, 'error_description');
  return { message: description ?? bodyText(body), code: textField(body, 'error') };
}

/** Fails a firing with Salesforce's message for an error answer. */
function salesforceFailure(request: VendorRequest, reply: { status: number; headers: Headers; body: JsonValue }) {
  const { message, code } = salesforceMessage(reply.body);
  return vendorFailure('Salesforce', request, reply, message, code === undefined ? {} : { code });
}

/**
 * Logs in with the OAuth 2.0 username-password flow at `<loginUrl>/services/oauth2/token`.
 * @throws ActorError with Salesforce's `error_description` (`authentication failure`) when refused
 */
async function salesforceLogin(account: SalesforceAccount, loginUrl: URL, context: VendorCallContext): Promise<SalesforceSession> {
  const form = new URLSearchParams({
    grant_type: 'password',
    client_id: account.clientId,
    client_secret: account.clientSecret,
    username: account.username,
    password: account.password,
  });
  const request: VendorRequest = { method: 'POST', url: vendorEndpoint(loginUrl, '/services/oauth2/token'), form, idempotent: true };
  const reply = await sendVendorRequest(request, context);
  const accessToken = textField(reply.body, 'access_token');
  const instance = textField(reply.body, 'instance_url');
  if (reply.status >= 400 || accessToken === undefined || instance === undefined) throw salesforceFailure(request, reply);
  return { accessToken, instanceUrl: parseHttpUrl(instance, 'the instance_url of the Salesforce login') };
}

/**
 * The REST calls of one firing: they reuse the session the factory keeps for the account, log in when there
 * is none, and log in again once when Salesforce answers 401 (an expired or revoked session).
 */
export class SalesforceConnection {
  private readonly key: string;

  constructor(
    private readonly account: SalesforceAccount,
    private readonly loginUrl: URL,
    private readonly sessions: SalesforceSessionCache,
    private readonly context: VendorCallContext,
  ) {
    this.key = createHash('sha256')
      .update(JSON.stringify([loginUrl.href, account.clientId, account.clientSecret, account.username, account.password]))
      .digest('hex');
  }

  /**
   * Sends a call and returns the decoded answer.
   * @throws ActorError with Salesforce's `errorCode: message` for an error status
   */
  async send(call: SalesforceCall): Promise<JsonValue> {
    for (let attempt = 1; ; attempt++) {
      const session = await this.session();
      const request: VendorRequest = {
        method: call.method,
        url: vendorEndpoint(session.instanceUrl, call.path, call.query),
        headers: { authorization: `Bearer ${session.accessToken}` },
        json: call.json,
        idempotent: call.idempotent,
      };
      const reply = await sendVendorRequest(request, this.context);
      if (reply.status === 401 && attempt === 1) {
        this.sessions.delete(this.key);
        continue;
      }
      if (reply.status >= 400) throw salesforceFailure(request, reply);
      return reply.body;
    }
  }

  private async session(): Promise<SalesforceSession> {
    const cached = this.sessions.get(this.key);
    if (cached !== undefined) return cached;
    const session = await salesforceLogin(this.account, this.loginUrl, this.context);
    this.sessions.set(this.key, session);
    return session;
  }
}
