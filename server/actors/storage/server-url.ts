import { type EgressPolicy } from '../../outbound-http';

/** A server URL a node connects to, with its host checked by the egress policy. */
export interface CheckedServerUrl {
  readonly url: URL;
  /** The host as written, brackets removed. */
  readonly host: string;
  readonly port: number;
  /** The address the egress policy checked: the one to connect to. */
  readonly address: string;
}

/**
 * Reads the URL of a server (Redis, a broker), refusing another scheme, and resolves and checks its host.
 * @param schemes - the accepted schemes with their default ports, such as `{ 'redis:': 6379, 'rediss:': 6379 }`
 * @param what - the server, for messages: `Redis`, `RabbitMQ`
 * @throws Error for text that is no URL of those schemes; EgressDeniedError when the policy refuses the host
 */
export async function checkedServerUrl(text: string, schemes: Readonly<Record<string, number>>, what: string, egress: EgressPolicy): Promise<CheckedServerUrl> {
  const written = Object.keys(schemes)
    .map((scheme) => `${scheme}//host:port`)
    .join(' or ');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`The ${what} URL is not a URL: write ${written}`);
  }
  const defaultPort = schemes[url.protocol];
  if (defaultPort === undefined) throw new Error(`The ${what} URL must be ${written}, not ${url.protocol}//`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port || defaultPort);
  return { url, host, port, address: await egress.checkedAddress(host, port) };
}
