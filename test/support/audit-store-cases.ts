import { type AuditEntry } from '../../model';
import { type AuditStore } from '../../server/storage';

/** An audit entry at `at` (epoch ms); `overrides` set any other field. */
export const auditEntry = (id: string, at: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at,
  actor: 'ci-bot',
  action: 'execution.start',
  target: `run-${id}`,
  address: '127.0.0.1',
  outcome: 200,
  channel: 'http',
  tenant: null,
  ...overrides,
});

/**
 * Declares the cases every {@link AuditStore} passes; each adapter's test file calls it once with a way to open
 * an empty store.
 * @example describeAuditStore('MemoryAuditStore', async () => new MemoryAuditStore())
 */
export function describeAuditStore(name: string, open: () => Promise<AuditStore>): void {
  describe(`${name} (audit store cases)`, () => {
    it('lists entries newest first, page by page, without overlap or gap', async () => {
      const store = await open();
      // Two share a time, so that the id orders them.
      const entries = [auditEntry('a', 1000), auditEntry('b', 2000), auditEntry('c', 2000), auditEntry('d', 3000), auditEntry('e', 4000)];
      for (const entry of entries) await store.append(entry);
      const ids: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await store.page({ limit: 2, cursor });
        ids.push(...page.items.map((entry) => entry.id));
        cursor = page.nextCursor ?? undefined;
        pages += 1;
      } while (cursor !== undefined);
      expect(ids).toEqual(['e', 'd', 'c', 'b', 'a']);
      expect(pages).toBe(3);
      expect((await store.page({ limit: 10 })).items[0]).toEqual(entries[4]);
    });

    it('filters by actor, action, time and outcome', async () => {
      const store = await open();
      await store.append(auditEntry('1', 1000, { actor: 'alice', action: 'execution.cancel', outcome: 200 }));
      await store.append(auditEntry('2', 2000, { actor: 'bob', action: 'execution.cancel', outcome: 403 }));
      await store.append(auditEntry('3', 3000, { actor: 'alice', action: 'deployment.create', outcome: 201 }));
      await store.append(auditEntry('4', 4000, { actor: 'unauthenticated', action: 'auth.failed', outcome: 401, target: null }));
      const ids = async (query: object) => (await store.page({ limit: 10, ...query })).items.map((entry) => entry.id);
      expect(await ids({ actor: 'alice' })).toEqual(['3', '1']);
      expect(await ids({ action: 'execution.cancel' })).toEqual(['2', '1']);
      expect(await ids({ since: 2000, until: 4000 })).toEqual(['3', '2']);
      expect(await ids({ outcome: 401 })).toEqual(['4']);
      expect(await ids({ actor: 'alice', outcome: 403 })).toEqual([]);
    });

    it("keeps each entry's tenant and lists one tenant's entries alone", async () => {
      const store = await open();
      const acme = auditEntry('1', 1000, { tenant: 'acme' });
      const globex = auditEntry('2', 2000, { tenant: 'globex' });
      const unscoped = auditEntry('3', 3000, { tenant: null });
      for (const entry of [acme, globex, unscoped]) await store.append(entry);
      expect((await store.page({ limit: 10 })).items).toEqual([unscoped, globex, acme]);
      expect((await store.page({ limit: 10, tenant: 'acme' })).items).toEqual([acme]);
      expect((await store.page({ limit: 10, tenant: 'globex', actor: 'ci-bot' })).items).toEqual([globex]);
      expect((await store.page({ limit: 10, tenant: 'initech' })).items).toEqual([]);
    });

    it('pages through one tenant without the entries of another', async () => {
      const store = await open();
      for (let i = 1; i <= 6; i++) await store.append(auditEntry(`e${i}`, i * 1000, { tenant: i % 2 === 0 ? 'acme' : 'globex' }));
      const first = await store.page({ limit: 2, tenant: 'acme' });
      expect(first.items.map((entry) => entry.id)).toEqual(['e6', 'e4']);
      const second = await store.page({ limit: 2, tenant: 'acme', cursor: first.nextCursor ?? undefined });
      expect(second).toEqual({ items: [expect.objectContaining({ id: 'e2', tenant: 'acme' })], nextCursor: null });
    });

    it('refuses a cursor it did not make', async () => {
      const store = await open();
      await expect(store.page({ limit: 10, cursor: 'not-a-cursor' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('deletes the entries past the age and count limits', async () => {
      const store = await open();
      for (let i = 1; i <= 5; i++) await store.append(auditEntry(`e${i}`, i * 1000));
      expect(await store.prune({ maxAgeMs: 2500, maxCount: 0 }, 5000)).toBe(2);
      expect(await store.prune({ maxAgeMs: 0, maxCount: 2 }, 5000)).toBe(1);
      expect((await store.page({ limit: 10 })).items.map((entry) => entry.id)).toEqual(['e5', 'e4']);
    });
  });
}
