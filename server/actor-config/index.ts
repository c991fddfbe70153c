export { ActorConfig, type ConfigView } from './actor-config';
export { ActorConfigBuilder, type FileSourceOptions } from './actor-config-builder';
export { readArguments } from './args-source';
export { coerceText } from './coerce-text';
export {
  ConfigError,
  ConfigErrorCodeSchema,
  ConfigIssueSchema,
  isConfigError,
  type ConfigErrorCode,
  type ConfigErrorDetails,
  type ConfigIssue,
} from './config-error';
export { ConfigFieldSchema, ConfigTypeSchema, configFields, jsonSchemaOf, type ConfigField, type ConfigType } from './config-fields';
export { ConfigFileFormatSchema, formatFromPath, type ConfigFileFormat } from './config-file-format';
export { DirectorySecretStore } from './directory-secret-store';
export { readEnvironment, type EnvironmentVariables } from './env-source';
export { type JsonObject, type JsonValue, isJsonObject } from './json-value';
export { profileFilePath } from './read-config-file';
export { requiredWhen } from './required-when';
export { REDACTED, SECRET_NAME_PATTERN, type SecretLookup } from './secret-reference';
export { SecretResolver, type SecretResolverOptions } from './secret-resolver';
export { MemorySecretStore, type SecretStore } from './secret-store';
export { type ValidationOutcome } from './typed-config';
