import { z } from 'zod';

/** The name of a tenant, as tokens, records and the `tenants` configuration write it. */
export const TenantNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, 'a tenant name holds lower-case letters, digits and _ . - and starts with a letter or digit');
