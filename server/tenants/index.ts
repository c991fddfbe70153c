export { TenantNameSchema } from './tenant-name';
export { visibleWithin } from './tenant-visibility';
export { type TenantSettings, type TenantsConfig, TenantsConfigSchema } from './tenant-settings';
