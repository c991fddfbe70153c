import proxyAddr from 'proxy-addr';

/** Why an entry of `trust_proxy` is not an address, a CIDR or a name proxy-addr knows, or undefined when it is one. */
export function trustEntryProblem(entry: string): string | undefined {
  try {
    proxyAddr.compile(entry);
    return undefined;
  } catch (error) {
    return `'${entry}' is no address, CIDR, loopback, linklocal or uniquelocal (${(error as Error).message})`;
  }
}
