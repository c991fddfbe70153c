import { type JsonObject } from '../../model';
import { type ProtocolGraphStore } from '../../server/storage';

/** How the cases get the stores of one adapter. */
export interface ProtocolGraphStoreFactory {
  /** Opens an empty store for a case. */
  open(): Promise<ProtocolGraphStore>;
  /** Closes `store` and opens it again on what it kept; absent for an adapter that keeps nothing. */
  reopen?(store: ProtocolGraphStore): Promise<ProtocolGraphStore>;
}

/** A graph document as the runtime writes one, with `nodes` nodes. */
const graphDocument = (id: string, nodes = 1): JsonObject => ({
  id,
  properties: { name: id },
  nodes: Array.from({ length: nodes }, (_, i) => ({ id: `n${i}`, component: 'core/Repeat', metadata: { x: i } })),
  edges: [],
  initials: [],
  inports: [],
  outports: [],
});

/**
 * Declares the cases every {@link ProtocolGraphStore} passes: each adapter's test file calls it once with its
 * factory. The cases that check what a store keeps across a reopen run for the adapters that can reopen.
 * @example describeProtocolGraphStore('MemoryProtocolGraphStore', { open: async () => new MemoryProtocolGraphStore() })
 */
export function describeProtocolGraphStore(name: string, factory: ProtocolGraphStoreFactory): void {
  describe(`${name} (the rules every protocol graph store keeps)`, () => {
    let store: ProtocolGraphStore;
    beforeEach(async () => {
      store = await factory.open();
    });
    afterEach(() => store.close());

    /** The store as the next runtime sees it: reopened, for an adapter that keeps its graphs. */
    const reread = async (): Promise<ProtocolGraphStore> => {
      if (factory.reopen) store = await factory.reopen(store);
      return store;
    };

    it('starts empty, then keeps each document by its graph id and counts the graphs it keeps', async () => {
      expect(store.documents().size).toBe(0);
      store.put('a', graphDocument('a'));
      store.put('b', graphDocument('b', 2));
      expect(store.documents()).toEqual(
        new Map([
          ['a', graphDocument('a')],
          ['b', graphDocument('b', 2)],
        ]),
      );
      const kept = (await reread()).documents();
      expect(kept.size).toBe(2);
      expect(kept.get('a')).toEqual(graphDocument('a'));
      expect(kept.get('b')).toEqual(graphDocument('b', 2));
    });

    it('replaces what an id held with the document put last', async () => {
      store.put('g', graphDocument('g', 1));
      store.put('other', graphDocument('other'));
      store.put('g', graphDocument('g', 3));
      expect(store.documents().get('g')).toEqual(graphDocument('g', 3));
      const kept = (await reread()).documents();
      expect(kept.get('g')).toEqual(graphDocument('g', 3));
      expect(kept.size).toBe(2);
    });

    it('gives a document back as it was put: key order, unicode, a NUL character, numbers and nesting', async () => {
      const document: JsonObject = { ...graphDocument('ü'), properties: { z: 1, a: 'dé\u0000"q"', nested: [[{ b: null, a: -1.5e-7 }]], '': true } };
      store.put('ü', document);
      expect(JSON.stringify((await reread()).documents().get('ü'))).toBe(JSON.stringify(document));
    });

    it('forgets a deleted graph, and ignores the delete of an id it does not hold', async () => {
      store.put('kept', graphDocument('kept'));
      store.put('gone', graphDocument('gone'));
      store.delete('gone');
      store.delete('never');
      expect([...store.documents().keys()]).toEqual(['kept']);
      expect([...(await reread()).documents().keys()]).toEqual(['kept']);
    });

    it('writes what is still pending when it closes', async () => {
      for (let nodes = 1; nodes <= 20; nodes += 1) store.put('busy', graphDocument('busy', nodes));
      expect((await reread()).documents().get('busy')).toEqual(graphDocument('busy', 20));
    });
  });
}
