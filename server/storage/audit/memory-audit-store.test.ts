import { auditEntry, describeAuditStore } from '../../../test/support/audit-store-cases';
import { MemoryAuditStore } from './memory-audit-store';

describeAuditStore('MemoryAuditStore', async () => new MemoryAuditStore());

describe('MemoryAuditStore', () => {
  it('keeps only the newest entries up to its capacity', async () => {
    const store = new MemoryAuditStore(3);
    for (let i = 1; i <= 5; i++) await store.append(auditEntry(`e${i}`, i));
    expect((await store.page({ limit: 10 })).items.map((entry) => entry.id)).toEqual(['e5', 'e4', 'e3']);
  });
});
