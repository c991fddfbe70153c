import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DeploymentStore } from './deployment-store';
import { SqliteDeploymentStore } from './sqlite-deployment-store';
import { describeDeploymentStore } from '../../../test/support/deployment-store-cases';

const dir = mkdtempSync(join(tmpdir(), 'deployments-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = new Map<DeploymentStore, string>();
let opened = 0;

function openAt(file: string): SqliteDeploymentStore {
  const store = new SqliteDeploymentStore(file);
  files.set(store, file);
  return store;
}

describeDeploymentStore('SqliteDeploymentStore', {
  open: async () => openAt(join(dir, `deployments-${(opened += 1)}.db`)),
  reopen: async (store) => {
    await store.close();
    return openAt(files.get(store)!);
  },
});
