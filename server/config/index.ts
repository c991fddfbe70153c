export { ServerConfigSchema, type ServerConfig, type ServerConfigInput, clusterSettingsProblem } from './server-config';
export { loadServerConfig, wantsHelp, type ConfigSources, type ConfigWarning, type LoadedConfig } from './load-server-config';
export { usage, ENV_PREFIX } from './usage';
export { closestKey, editDistance } from './closest-key';
