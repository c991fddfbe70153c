import { type AddressInfo, createServer } from 'node:net';
import { type ProtocolGraphStore } from './protocol-graph-store';
import { PostgresProtocolGraphStore } from './postgres-protocol-graph-store';
import { describeProtocolGraphStore } from '../../../test/support/protocol-graph-store-cases';
import { TEST_POSTGRES_URL, testNamespaces } from '../../../test/support/postgres-test-namespaces';

const namespaces = testNamespaces('test_protocol_graphs');
afterAll(() => namespaces.dropAll());
const namespaceOf = new Map<ProtocolGraphStore, string>();

async function openIn(namespace: string): Promise<PostgresProtocolGraphStore> {
  const store = await PostgresProtocolGraphStore.open({ url: TEST_POSTGRES_URL, namespace });
  namespaceOf.set(store, namespace);
  return store;
}

describeProtocolGraphStore('PostgresProtocolGraphStore', {
  open: () => openIn(namespaces.next()),
  reopen: async (store) => {
    await store.close();
    return openIn(namespaceOf.get(store)!);
  },
});

describe('PostgresProtocolGraphStore', () => {
  it('answers its own puts at once, before they are written, and a store opened later on the namespace reads them', async () => {
    const namespace = namespaces.next();
    const store = await openIn(namespace);
    store.put('g', { id: 'g', step: 1 });
    expect(store.documents().get('g')).toEqual({ id: 'g', step: 1 });
    await store.close();
    const other = await openIn(namespace);
    expect(other.documents()).toEqual(new Map([['g', { id: 'g', step: 1 }]]));
    await other.close();
  });

  it('rejects opening, naming the database, when nothing answers at its address', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const opening = PostgresProtocolGraphStore.open({ url: `postgres://postgres:secret@127.0.0.1:${port}/test`, namespace: namespaces.next() });
    await expect(opening).rejects.toThrow(`Cannot open the protocol graph store at postgres://postgres:***@127.0.0.1:${port}/test`);
  });
});
