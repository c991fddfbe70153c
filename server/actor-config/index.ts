export { ActorConfig } from './actor-config';
export { readArguments } from './args-source';
export { isConfigError } from './config-error';
export { jsonSchemaOf } from './config-fields';
export { DirectorySecretStore } from './directory-secret-store';
export { SecretResolver } from './secret-resolver';
export { MemorySecretStore } from './secret-store';
