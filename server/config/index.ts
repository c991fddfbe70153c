export { ServerConfigSchema, type ServerConfig, type ServerConfigInput } from './server-config';
export { loadServerConfig, wantsHelp } from './load-server-config';
export { usage, ENV_PREFIX } from './usage';
