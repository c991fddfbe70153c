import { initServer } from '@ts-rest/express';
import { auditContract } from '../../contract';
import { type AppServices, success } from '../transport';
import { tenantOfCaller } from './caller-tenant';

const s = initServer();

/** Handler of `GET /audit`: a page of the audit trail, filtered. */
export function auditRoutes({ audit }: AppServices) {
  return s.router(auditContract, {
    listAudit: async ({ query, res }) => {
      const page = await audit.list(query, tenantOfCaller(res));
      return { status: 200, body: success({ items: page.items, next_cursor: page.nextCursor }) };
    },
  });
}
