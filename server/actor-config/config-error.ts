import { z } from 'zod';

/** The closed set of reasons a configuration operation fails. */
export const ConfigErrorCodeSchema = z.enum([
  'VALIDATION',
  'MISSING_REQUIRED',
  'PARSE',
  'IO',
  'UNSUPPORTED_FORMAT',
  'SECRET_UNRESOLVED',
  'INVALID_SECRET_NAME',
]);

/** A machine-readable reason of a {@link ConfigError}. */
export type ConfigErrorCode = z.infer<typeof ConfigErrorCodeSchema>;

/** One offending key of a failed validation and what is wrong with it. */
export const ConfigIssueSchema = z.object({
  key: z.string().describe('The offending key, dotted for nested values; empty for the whole object.'),
  message: z.string().describe('A sentence naming the key and the rule it breaks.'),
});

/** One offending key of a failed validation. */
export type ConfigIssue = z.infer<typeof ConfigIssueSchema>;

/** What a {@link ConfigError} may carry besides its code and message. */
export interface ConfigErrorDetails {
  /** The configuration key at fault. */
  key?: string;
  /** The file at fault. */
  path?: string;
  /** Every offending key of a failed validation. */
  issues?: readonly ConfigIssue[];
  /** The underlying error. */
  cause?: unknown;
}

/**
 * The one error the configuration library throws: a code from {@link ConfigErrorCodeSchema} and a message
 * naming the culprit (key, file or secret reference).
 */
export class ConfigError extends Error {
  /** Why the operation failed. */
  readonly code: ConfigErrorCode;
  /** The configuration key at fault, when one is. */
  readonly key?: string;
  /** The file at fault, when one is. */
  readonly path?: string;
  /** Every offending key of a failed validation (empty otherwise). */
  readonly issues: readonly ConfigIssue[];

  constructor(code: ConfigErrorCode, message: string, details: ConfigErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'ConfigError';
    this.code = code;
    if (details.key !== undefined) this.key = details.key;
    if (details.path !== undefined) this.path = details.path;
    this.issues = details.issues ?? [];
  }
}

/** Tells whether a value is a {@link ConfigError}, optionally of one code. */
export function isConfigError(value: unknown, code?: ConfigErrorCode): value is ConfigError {
  return value instanceof ConfigError && (code === undefined || value.code === code);
}
