import { type IncomingMessage } from 'node:http';
import { type ClientAddressOf } from './client-address';

/** What a request shows of its client, the input of the token check whatever the transport. */
export interface Credentials {
  /** The `Authorization` header, as sent. */
  readonly authorization?: string;
  /** The `access_token` query parameter, read only when no bearer token is in the header. */
  readonly accessToken?: string | null;
  /** The client's address, as {@link ClientAddressOf} finds it: the key of its wrong-token count. */
  readonly address: string;
}

const BEARER = 'Bearer ';

/**
 * The credentials of an HTTP request or WebSocket upgrade: the bearer token of its header or, for browsers
 * that cannot set headers on a WebSocket, its `access_token` query parameter, and the client's address.
 */
export function credentialsOf(req: IncomingMessage, clientAddress: ClientAddressOf): Credentials {
  const authorization = req.headers.authorization;
  const address = clientAddress(req);
  if (authorization?.startsWith(BEARER)) return { authorization, address };
  return { authorization, accessToken: new URL(req.url ?? '/', 'http://localhost').searchParams.get('access_token'), address };
}
