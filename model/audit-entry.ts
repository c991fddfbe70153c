import { z } from 'zod';

/** The kinds of call the audit trail records: every call that changes state, and every refused credential. */
const AUDIT_ACTIONS = [
  'execution.start',
  'execution.cancel',
  'execution.delete',
  'node_config.patch',
  'deployment.create',
  'deployment.update',
  'deployment.pause',
  'deployment.resume',
  'deployment.delete',
  'auth.failed',
] as const;

/** One kind of audited call. */
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
/** One kind of audited call. */
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** The ways in that a call comes by. */
const AuditChannelSchema = z.enum(['http', 'ws', 'fbp']);

/** One line of the audit trail: who did what to which target, when, from where, and how it ended. */
export const AuditEntrySchema = z.object({
  id: z.string().describe('Unique and ordered with `at`: the position of the entry in the trail'),
  at: z.number().int().describe('When the call was answered, in epoch milliseconds'),
  actor: z.string().describe("The token's name, `token:` and 12 hex digits of its SHA-256, `anonymous` (no tokens configured) or `unauthenticated`"),
  action: AuditActionSchema,
  target: z.string().nullable().describe('The execution or deployment the call was about, when it names or made one'),
  address: z.string().nullable().describe("The client's address (behind a trusted proxy, the one it names)"),
  outcome: z.number().int().describe('The HTTP status of the answer; over WebSocket, the status its error code has (200 when it succeeded)'),
  channel: AuditChannelSchema,
  tenant: z.string().nullable().describe("The tenant of the caller's token; null for a token of no tenant, and for a refused credential"),
});
/** One line of the audit trail. */
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
