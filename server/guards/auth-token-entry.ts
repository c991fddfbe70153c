import { z } from 'zod';
import { AccessScopeSchema } from '../../model';
import { TenantNameSchema } from '../tenants';

const name = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\w.@:-]+$/, 'a token name holds only letters, digits and _ . @ : -')
  .optional()
  .describe('Who holds the token, as the audit trail names it; unset, the audit names the token by a short id of its hash');
const scopes = z.array(AccessScopeSchema).min(1, 'an entry lists at least one scope').describe('What the token may do: read, run, deploy, admin');
const token = z.string().min(16, 'a token has at least 16 characters');
const tenant = TenantNameSchema.optional().describe(
  "The tenant the token belongs to: it sees and touches only that tenant's executions, deployments and protocol graphs; unset, every tenant's",
);

/**
 * One entry of `auth_tokens`: a plain token (every scope, as before scopes existed), or an object naming the
 * token (or its SHA-256, so that the file holds no usable token), who holds it, what it may do and the tenant it
 * belongs to. The objects are strict, so that a field added later is refused by older servers rather than ignored.
 */
export const AuthTokenEntrySchema = z.union([
  token,
  z.object({ token, name, scopes, tenant }).strict(),
  z
    .object({
      sha256: z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'sha256 is the 64 hex digits of the SHA-256 of the token')
        .describe('The SHA-256 of the token in hex (`printf %s TOKEN | sha256sum`)'),
      name,
      scopes,
      tenant,
    })
    .strict(),
]);

/** One entry of `auth_tokens`, as configured. */
export type AuthTokenEntry = z.infer<typeof AuthTokenEntrySchema>;
