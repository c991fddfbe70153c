import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditEntry, describeAuditStore } from '../../../test/support/audit-store-cases';
import { SqliteAuditStore } from './sqlite-audit-store';

const dir = mkdtempSync(join(tmpdir(), 'audit-store-'));
const stores: SqliteAuditStore[] = [];
let files = 0;
const open = (file = join(dir, `audit-${++files}.db`)) => {
  const store = new SqliteAuditStore(file);
  stores.push(store);
  return store;
};

afterAll(async () => {
  for (const store of stores) await store.close().catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
});

describeAuditStore('SqliteAuditStore', async () => open());

describe('SqliteAuditStore', () => {
  it('keeps its entries across a reopen', async () => {
    const file = join(dir, 'kept.db');
    const first = open(file);
    await first.append(auditEntry('kept', 1000));
    await first.close();
    expect((await open(file).page({ limit: 10 })).items).toEqual([auditEntry('kept', 1000)]);
  });
});
