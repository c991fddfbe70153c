/** The part of proxy-addr (the package Express computes `req.ip` with) the service uses. */
declare module 'proxy-addr' {
  import { type IncomingMessage } from 'node:http';

  /** Whether the hop at `index` with `address` is a trusted proxy. */
  type TrustFunction = (address: string, index: number) => boolean;

  /** The client address of a request: the furthest address in X-Forwarded-For reached through trusted hops only. */
  function proxyAddr(req: IncomingMessage, trust: TrustFunction | string | readonly string[]): string;

  namespace proxyAddr {
    /** Compiles addresses, CIDRs and the names loopback, linklocal and uniquelocal into a trust function; throws on an invalid one. */
    function compile(trust: string | readonly string[]): TrustFunction;
  }

  export = proxyAddr;
}
