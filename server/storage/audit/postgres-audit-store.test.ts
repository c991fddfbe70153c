import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { auditEntry, describeAuditStore } from '../../../test/support/audit-store-cases';
import { PostgresAuditStore } from './postgres-audit-store';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

const namespaces: string[] = [];
const stores: PostgresAuditStore[] = [];

async function open(namespace = `test_audit_${randomBytes(6).toString('hex')}`): Promise<PostgresAuditStore> {
  if (!namespaces.includes(namespace)) namespaces.push(namespace);
  const store = await PostgresAuditStore.open({ url: POSTGRES_URL, namespace });
  stores.push(store);
  return store;
}

afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    for (const namespace of namespaces) await client.query(`DROP SCHEMA IF EXISTS "${namespace}" CASCADE`);
  } finally {
    await client.end();
  }
});

describeAuditStore('PostgresAuditStore', () => open());

describe('PostgresAuditStore', () => {
  it('shares one trail between the stores of a namespace', async () => {
    const namespace = `test_audit_${randomBytes(6).toString('hex')}`;
    const [a, b] = [await open(namespace), await open(namespace)];
    await a.append(auditEntry('from-a', 1000));
    await b.append(auditEntry('from-b', 2000));
    expect((await a.page({ limit: 10 })).items.map((entry) => entry.id)).toEqual(['from-b', 'from-a']);
  });
});
