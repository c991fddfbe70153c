export { TenantNameSchema } from './tenant-name';
export { TenantSecrets } from './tenant-secrets';
export { visibleWithin } from './tenant-visibility';
export { type TenantsConfig, TenantsConfigSchema } from './tenant-settings';
