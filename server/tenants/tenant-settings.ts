import { z } from 'zod';
import { TenantNameSchema } from './tenant-name';

const positive = z.number().int().positive();

/** What the `tenants` configuration sets for one tenant: its own limits, and the secrets only it may name. */
export const TenantSettingsSchema = z
  .object({
    max_active_executions: positive.optional().describe("The tenant's executions queued or running at once; one more start is refused with 409 LIMIT_REACHED"),
    max_deployments: positive.optional().describe('Deployments the tenant keeps; creating one more is refused with 409 LIMIT_REACHED'),
    max_event_log_mb: positive
      .optional()
      .describe('Megabytes of events a run of the tenant logs before its further events are left out (in place of max_event_log_mb)'),
    secrets: z
      .array(z.string().min(1))
      .optional()
      .describe('Secrets only the runs of this tenant (and of others that list them too) may name; a secret no tenant lists may be named by every run'),
  })
  .strict();

/** The `tenants` configuration: each tenant's limits and secrets, by tenant name. */
export const TenantsConfigSchema = z.record(TenantNameSchema, TenantSettingsSchema);

/** The `tenants` configuration. */
export type TenantsConfig = z.infer<typeof TenantsConfigSchema>;
