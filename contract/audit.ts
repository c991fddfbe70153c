import { initContract } from '@ts-rest/core';
import { AuditActionSchema, AuditEntrySchema as ModelAuditEntrySchema } from '../model';
import { successEnvelope } from './envelope';
import { errorResponses } from './error-responses';
import { z } from './openapi-zod';

/** The largest page the audit listing serves. */
const MAX_PAGE_SIZE = 100;

const epochMs = z.coerce.number().int().min(0);

/** Filters and paging of `GET /audit`. */
const ListAuditQuerySchema = z.object({
  actor: z.string().min(1).optional().openapi({ description: 'Only entries of this actor (a token name or `token:<id>`)' }),
  action: AuditActionSchema.optional(),
  since: epochMs.optional().openapi({ description: 'Only entries at or after this time, epoch milliseconds' }),
  until: epochMs.optional().openapi({ description: 'Only entries before this time, epoch milliseconds' }),
  outcome: z.coerce.number().int().min(100).max(599).optional().openapi({ description: 'Only entries answered with this HTTP status' }),
  tenant: z
    .string()
    .min(1)
    .optional()
    .openapi({ description: "Only entries of this tenant's callers. A token of a tenant sees its own tenant's entries alone, whatever this says" }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(50)
    .openapi({ description: `Page size, at most ${MAX_PAGE_SIZE} (a larger value is a 400, never a silent cap)` }),
  cursor: z.string().min(1).optional().openapi({ description: 'The `next_cursor` of the previous page' }),
});

/** One line of the audit trail. */
const AuditEntrySchema = ModelAuditEntrySchema.openapi('AuditEntry');

/** A page of the audit trail, newest first. */
const AuditPageSchema = z.object({ items: z.array(AuditEntrySchema), next_cursor: z.string().nullable() }).openapi('AuditPage');

const c = initContract();

/** The route of the audit trail. */
export const auditContract = c.router(
  {
    listAudit: {
      method: 'GET',
      path: '/audit',
      summary: 'List the audit trail, newest first',
      description:
        "Every call that changed state (starts, cancels, deletes, node configuration patches, deployments) and every refused credential: who, what, which target, when, from where and the status it got. Needs the admin scope; an admin token of a tenant sees only that tenant's entries.",
      query: ListAuditQuerySchema,
      responses: { 200: successEnvelope(AuditPageSchema), ...errorResponses(400) },
    },
  },
  { strictStatusCodes: true },
);
