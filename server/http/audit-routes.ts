import { initServer } from '@ts-rest/express';
import { auditContract } from '../../contract';
import { type AppServices, success } from '../transport';

const s = initServer();

/** Handler of `GET /audit`: a page of the audit trail, filtered. */
export function auditRoutes({ audit }: AppServices) {
  return s.router(auditContract, {
    listAudit: async ({ query }) => {
      const page = await audit.list(query);
      return { status: 200, body: success({ items: page.items, next_cursor: page.nextCursor }) };
    },
  });
}
