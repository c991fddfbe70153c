import { type DeploymentRecord, FRESH_TRIGGER } from '../../server/deployments';
import { type DeploymentStore } from '../../server/storage';

/** How the cases get the stores of one adapter. */
export interface DeploymentStoreFactory {
  /** Opens an empty store for a case. */
  open(): Promise<DeploymentStore>;
  /** Closes `store` and opens it again on what it kept; absent for an adapter that keeps nothing. */
  reopen?(store: DeploymentStore): Promise<DeploymentStore>;
}

/** A deployment record with the given id; `overrides` set any other field. */
export const deploymentRecord = (id: string, overrides: Partial<DeploymentRecord> = {}): DeploymentRecord => ({
  id,
  request: { name: id, graph_json: { processes: {}, connections: [] }, input: { greeting: 'hello' } },
  createdAt: 1_700_000_000_000,
  triggers: {},
  ...overrides,
});

/** A trigger state after a few ticks. */
export const ticked = { executionsStarted: 2, ticksSkipped: 1, lastTickAt: 1_700_000_005_000, lastExecutionId: 'run-2' };

const record = deploymentRecord;

/**
 * Declares the cases every {@link DeploymentStore} passes: each adapter's test file calls it once with its
 * factory. The cases that check what a store keeps across a reopen run for the adapters that can reopen.
 * @example describeDeploymentStore('MemoryDeploymentStore', { open: async () => new MemoryDeploymentStore() })
 */
export function describeDeploymentStore(name: string, factory: DeploymentStoreFactory): void {
  describe(`${name} (the rules every deployment store keeps)`, () => {
    let store: DeploymentStore;
    beforeEach(async () => {
      store = await factory.open();
    });
    afterEach(() => store.close());

    /** The store as the next reader sees it: reopened, for an adapter that keeps its deployments. */
    const reread = async (): Promise<DeploymentStore> => {
      if (factory.reopen) store = await factory.reopen(store);
      return store;
    };

    it('adds a deployment and answers it by id, and refuses an id it holds, keeping the first record', async () => {
      expect(store.insert(record('taken'))).toBe(true);
      expect(store.insert(record('taken', { createdAt: 5 }))).toBe(false);
      expect(store.get('taken')).toEqual(record('taken'));
      expect(store.get('missing')).toBeUndefined();
      expect((await reread()).get('taken')).toEqual(record('taken'));
    });

    it('lists every deployment oldest first, the id breaking ties', async () => {
      for (const [id, createdAt] of [
        ['b', 2],
        ['a', 2],
        ['first', 1],
      ] as const)
        store.insert(record(id, { createdAt }));
      expect(store.list().map((r) => r.id)).toEqual(['first', 'a', 'b']);
      expect((await reread()).list().map((r) => r.id)).toEqual(['first', 'a', 'b']);
    });

    it('deletes a deployment once, answering false when there is none', async () => {
      store.insert(record('gone'));
      store.insert(record('kept'));
      expect(store.delete('gone')).toBe(true);
      expect(store.delete('gone')).toBe(false);
      expect(store.get('gone')).toBeUndefined();
      expect((await reread()).list().map((r) => r.id)).toEqual(['kept']);
    });

    it("pauses and resumes a deployment, keeping its triggers' states, and answers false for one it lacks", async () => {
      store.insert(record('nightly', { triggers: { tick: ticked } }));
      expect(store.update('nightly', { paused: true })).toBe(true);
      expect(store.update('missing', { paused: true })).toBe(false);
      expect(store.get('nightly')).toEqual(record('nightly', { paused: true, triggers: { tick: ticked } }));
      expect((await reread()).get('nightly')).toEqual(record('nightly', { paused: true, triggers: { tick: ticked } }));
      expect(store.update('nightly', { paused: false })).toBe(true);
      expect((await reread()).get('nightly')).toEqual(record('nightly', { triggers: { tick: ticked } }));
      expect(store.get('missing')).toBeUndefined();
    });

    it("replaces the request of a deployment, dropping its triggers' states and keeping the pause unless told", async () => {
      const request = { name: 'nightly', graph_fbp: "'x' -> IN keep(tpl_javascript_script)", input: {} };
      store.insert(record('nightly', { paused: true, triggers: { tick: ticked } }));
      expect(store.update('nightly', { request, revisedAt: 1_700_000_009_000 })).toBe(true);
      const revised = record('nightly', { request, revisedAt: 1_700_000_009_000, paused: true, triggers: {} });
      expect(store.get('nightly')).toEqual(revised);
      expect((await reread()).get('nightly')).toEqual(revised);
      expect(store.update('nightly', { request, revisedAt: 1_700_000_010_000, paused: false })).toBe(true);
      store.saveTrigger('nightly', 'tick', ticked);
      const resumed = record('nightly', { request, revisedAt: 1_700_000_010_000, triggers: { tick: ticked } });
      expect((await reread()).get('nightly')).toEqual(resumed);
    });

    it('keeps the tenant of each deployment through pauses, new requests and trigger states, and none for one of no tenant', async () => {
      const request = { name: 'owned', graph_fbp: "'x' -> IN keep(tpl_javascript_script)", input: {} };
      store.insert(record('owned', { tenant: 'acme' }));
      store.insert(record('shared', { createdAt: 1_700_000_000_001 }));
      store.update('owned', { paused: true });
      store.update('owned', { request, revisedAt: 1_700_000_009_000 });
      store.saveTrigger('owned', 'tick', ticked);
      const owned = record('owned', { tenant: 'acme', request, revisedAt: 1_700_000_009_000, paused: true, triggers: { tick: ticked } });
      expect(store.get('owned')).toEqual(owned);
      expect(store.get('shared')).not.toHaveProperty('tenant');
      const reopened = await reread();
      expect(reopened.list()).toEqual([owned, record('shared', { createdAt: 1_700_000_000_001 })]);
      expect(reopened.get('shared')).not.toHaveProperty('tenant');
    });

    it("records one trigger's state without touching the others, and ignores a deployment it lacks", async () => {
      store.insert(record('two', { triggers: { first: ticked } }));
      store.saveTrigger('two', 'second', FRESH_TRIGGER);
      store.saveTrigger('missing', 'first', ticked);
      const expected = [record('two', { triggers: { first: ticked, second: FRESH_TRIGGER } })];
      expect(store.list()).toEqual(expected);
      expect((await reread()).list()).toEqual(expected);
    });
  });
}
