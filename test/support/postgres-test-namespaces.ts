import { randomBytes } from 'node:crypto';
import { dropNamespace } from '../../server/storage';

/** The PostgreSQL database the store tests use, on the loopback address. */
export const TEST_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Namespaces of their own for the tests of one file, so that each test starts from empty tables; `dropAll`
 * (in `afterAll`) drops every one handed out.
 */
export function testNamespaces(prefix: string): { next(): string; dropAll(): Promise<void> } {
  const handedOut: string[] = [];
  const run = randomBytes(4).toString('hex');
  return {
    next: () => {
      const namespace = `${prefix}_${run}_${handedOut.length}`;
      handedOut.push(namespace);
      return namespace;
    },
    dropAll: async () => {
      for (const namespace of handedOut.splice(0)) await dropNamespace(TEST_POSTGRES_URL, namespace);
    },
  };
}
