export { ServerConfigSchema, type ServerConfig, type ServerConfigInput } from './server-config';
export { loadServerConfig, wantsHelp, usage, ENV_PREFIX, type ConfigSources, type LoadedConfig } from './load-server-config';
