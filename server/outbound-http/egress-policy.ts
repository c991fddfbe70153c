import { type LookupAddress, lookup as dnsLookup, promises as dnsPromises } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { Agent, buildConnector } from 'undici';

/** Addresses no outbound request may reach, whatever the configuration denies besides: link-local (cloud metadata) and unspecified. */
const DEFAULT_EGRESS_DENY: readonly string[] = ['169.254.0.0/16', 'fe80::/10', '0.0.0.0/32', '::/128'];

/** What outbound requests (the network actors, webhooks) may reach. */
export interface EgressRules {
  /** CIDRs (`10.0.0.0/8`), addresses and host names (`metadata.internal`, `*.corp.example`) to refuse, on top of {@link DEFAULT_EGRESS_DENY}. */
  deny?: readonly string[];
  /** CIDRs, addresses and host names to let through even when a deny rule matches: allow wins. */
  allow?: readonly string[];
  /** The service's own port: its loopback and unspecified addresses on that port are refused, so a graph cannot call the service's own API. */
  ownPort?: () => number | undefined;
  /** Servers of the service itself (a cluster's PostgreSQL and Redis) no graph may reach; see {@link ReservedEndpoint}. */
  reserved?: readonly ReservedEndpoint[];
}

/**
 * A server of the service itself that graphs may never reach: refused on its port at its host name, at every
 * address that name resolves to and, when it is on this machine, at every loopback and own address. Only an
 * `egress_allow` entry naming the host itself (its name or address, not a range around it) lets a graph
 * through, so that a wide allowed range does not open the cluster's own database by accident.
 */
export interface ReservedEndpoint {
  /** What it is, named in the refusal: `redis_url`. */
  name: string;
  host: string;
  port: number;
}

/**
 * Whether a fetch failure is a refusal of the egress policy. Read by shape and by name: fetch may hand the
 * refusal back from another realm, or with its name folded into the message.
 */
export function isEgressRefusal(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 4; depth++) {
    const { name, message, cause } = current as { name?: unknown; message?: unknown; cause?: unknown };
    if (name === 'EgressDeniedError' || (typeof message === 'string' && /^(EgressDeniedError: )?egress policy refuses /.test(message))) return true;
    current = cause;
  }
  return false;
}

/** A refusal of the egress policy; it is not retried. */
export class EgressDeniedError extends Error {
  constructor(target: string, rule: string) {
    super(`egress policy refuses ${target} (${rule})`);
    this.name = 'EgressDeniedError';
  }
}

interface Rules {
  addresses: BlockList;
  hosts: string[];
  texts: string[];
}

function compile(entries: readonly string[]): Rules {
  const addresses = new BlockList();
  const hosts: string[] = [];
  for (const entry of entries) {
    const [address, prefix] = entry.trim().split('/');
    const family = isIP(address);
    if (family === 0) hosts.push(entry.trim().toLowerCase());
    else if (prefix === undefined) addresses.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else addresses.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return { addresses, hosts, texts: [...entries] };
}

// An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is checked as the IPv4 address it is.
function canonical(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return { address: mapped[1], type: 'ipv4' };
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(bare);
  if (hexMapped) {
    const high = parseInt(hexMapped[1], 16);
    const low = parseInt(hexMapped[2], 16);
    return { address: `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, type: 'ipv4' };
  }
  return { address: bare, type: isIP(bare) === 4 ? 'ipv4' : 'ipv6' };
}

function hostMatches(host: string, patterns: readonly string[]): string | undefined {
  const name = host.toLowerCase().replace(/\.$/, '');
  return patterns.find((pattern) => (pattern.startsWith('*.') ? name.endsWith(pattern.slice(1)) : name === pattern));
}

const LOOPBACK = compile(['127.0.0.0/8', '::1/128', '0.0.0.0/32', '::/128']);

// This machine's own addresses: a server listening on all of them is reached at any one.
function ownAddresses(): Set<string> {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => canonical(entry.address).address));
  return new Set(addresses);
}

/** A reserved endpoint with the addresses it is known at. */
class Reserved {
  readonly host: string;
  private readonly addresses = new Set<string>();
  private local = false;

  constructor(
    readonly endpoint: ReservedEndpoint,
    private readonly own: Set<string>,
  ) {
    this.host = endpoint.host.replace(/^\[|\]$/g, '').toLowerCase();
    if (isIP(this.host) !== 0) this.learn([this.host]);
    // A name is resolved once, in the background: a request to the name itself is refused by name meanwhile.
    else
      dnsPromises.lookup(this.host, { all: true }).then(
        (found) => this.learn(found.map((entry) => entry.address)),
        () => undefined,
      );
  }

  private learn(addresses: readonly string[]): void {
    for (const address of addresses) {
      const { address: ip, type } = canonical(address);
      this.addresses.add(ip);
      if (LOOPBACK.addresses.check(ip, type) || this.own.has(ip)) this.local = true;
    }
  }

  /** Whether a connection to `ip` (canonical) on `port` for `host` reaches this endpoint. */
  reaches(host: string, ip: string, type: 'ipv4' | 'ipv6', port: number): boolean {
    if (port !== this.endpoint.port) return false;
    if (
      host
        .replace(/^\[|\]$/g, '')
        .toLowerCase()
        .replace(/\.$/, '') === this.host ||
      this.addresses.has(ip)
    )
      return true;
    return this.local && (LOOPBACK.addresses.check(ip, type) || this.own.has(ip));
  }
}

/**
 * The egress policy of outbound requests. Every address is checked where the connection is made: after DNS
 * resolution (the address connected to is the one checked, so a name that resolves differently the second
 * time gains nothing), on every redirect, and for every spelling of an address (`2130706433`,
 * `[::ffff:7f00:1]`), because the URL parser and the resolver normalise them first.
 */
export class EgressPolicy {
  private readonly deny: Rules;
  private readonly allow: Rules;
  private readonly reserved: Reserved[];
  private agent: Agent | undefined;

  constructor(private readonly rules: EgressRules = {}) {
    this.deny = compile([...DEFAULT_EGRESS_DENY, ...(rules.deny ?? [])]);
    this.allow = compile(rules.allow ?? []);
    const own = rules.reserved?.length ? ownAddresses() : new Set<string>();
    this.reserved = (rules.reserved ?? []).map((endpoint) => new Reserved(endpoint, own));
  }

  /** Why a connection to `address:port` for `host` is refused, or undefined when it may go. */
  refusal(host: string, address: string, port: number): string | undefined {
    const { address: ip, type } = canonical(address);
    const reserved = this.reserved.find((entry) => entry.reaches(host, ip, type, port));
    if (reserved !== undefined && !this.namesExactly(reserved.host, ip))
      return `the cluster's ${reserved.endpoint.name} ${reserved.endpoint.host}:${reserved.endpoint.port}`;
    if (this.allow.addresses.check(ip, type) || hostMatches(host, this.allow.hosts) !== undefined) return undefined;
    const deniedHost = hostMatches(host, this.deny.hosts);
    if (deniedHost !== undefined) return `egress_deny ${deniedHost}`;
    if (this.deny.addresses.check(ip, type)) return `egress_deny covers ${ip}`;
    const own = this.rules.ownPort?.();
    if (own !== undefined && port === own && LOOPBACK.addresses.check(ip, type)) return `the service's own address and port ${own}`;
    return undefined;
  }

  // An allow entry that is the reserved host's name or the very address connected to, not a range around it.
  private namesExactly(host: string, ip: string): boolean {
    return this.allow.texts.some((entry) => {
      const text = entry.trim().toLowerCase();
      return text === host || (isIP(text.replace(/^\[|\]$/g, '')) !== 0 && canonical(text).address === ip);
    });
  }

  /**
   * The address a client of another protocol (a database, Redis, a broker) is to connect to for `host:port`:
   * the name is resolved here and every address checked, and the client is handed the checked address, so
   * that it cannot resolve the name to another one.
   * @throws EgressDeniedError when the policy refuses an address of the name
   */
  async checkedAddress(host: string, port: number): Promise<string> {
    const literal = host.replace(/^\[|\]$/g, '');
    const addresses = isIP(literal) !== 0 ? [{ address: literal }] : await dnsPromises.lookup(host, { all: true });
    for (const { address } of addresses) {
      const refusal = this.refusal(host, address, port);
      if (refusal !== undefined) throw new EgressDeniedError(`${host}:${port}${address === host ? '' : ` (${address})`}`, refusal);
    }
    return addresses[0].address;
  }

  /** The undici dispatcher that applies the policy to every connection it opens; pass it to `fetch`. */
  dispatcher(): Agent {
    this.agent ??= new Agent({ connect: this.connector() });
    return this.agent;
  }

  private connector(): buildConnector.connector {
    // One connector per destination port, whose lookup knows the port it resolves for.
    const byPort = new Map<number, buildConnector.connector>();
    return (options, callback) => {
      const port = Number(options.port || (options.protocol === 'https:' ? 443 : 80));
      // A literal address is not looked up: it is checked here.
      if (isIP(options.hostname.replace(/^\[|\]$/g, '')) !== 0) {
        const refusal = this.refusal(options.hostname, options.hostname, port);
        if (refusal !== undefined) return callback(new EgressDeniedError(options.hostname, refusal), null);
      }
      let connect = byPort.get(port);
      if (connect === undefined) {
        connect = buildConnector({ lookup: this.lookupFor(port) as never });
        byPort.set(port, connect);
      }
      return connect(options, callback);
    };
  }

  // A DNS lookup that refuses when any address of the name is refused: the address connected to is one of them.
  private lookupFor(port: number) {
    return (
      hostname: string,
      options: { all?: boolean },
      callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
    ): void => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        for (const entry of addresses) {
          const refusal = this.refusal(hostname, entry.address, port);
          if (refusal !== undefined) return callback(new EgressDeniedError(`${hostname} (${entry.address})`, refusal), []);
        }
        if (options.all === true) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      });
    };
  }
}
