import { type IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** The address of the client that sent a request: what its request budget and its wrong-token count are kept under. */
export type ClientAddressOf = (req: IncomingMessage) => string;

/** Express's compiled 'trust proxy' setting (`app.get('trust proxy fn')`): whether the hop at `index` with `address` is trusted. */
export type TrustProxyFunction = (address: string, index: number) => boolean;

/**
 * The client address of a request as Express computes `req.ip`, for the code that sees requests before or
 * without Express (the hot reads, WebSocket upgrades): the socket's peer, or with trusted proxies the furthest
 * address of X-Forwarded-For reached through trusted hops only. `trustsNone` skips reading the header.
 */
export function clientAddressOf(trust: TrustProxyFunction, trustsNone: boolean): ClientAddressOf {
  if (trustsNone) return (req) => req.socket.remoteAddress ?? 'unknown';
  return (req) => proxyAddr(req, trust) ?? 'unknown';
}
