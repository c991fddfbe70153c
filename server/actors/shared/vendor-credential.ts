import { z } from 'zod';

/** Finds the value of a named secret the operator configured; undefined when there is none. */
export type NamedSecretLookup = (name: string) => string | undefined;

const SECRET_REFERENCE = /^\s*\$\{secret:([^}]*)\}\s*$/;

/**
 * Why a vendor node has no credential, or undefined when it has one: the setting `key` holds the credential
 * itself or a `${secret:NAME}` reference to a configured secret, else one of the template's named secrets
 * (`secretNames`, such as `OPENAI_API_KEY`) is configured. Checked when the graph is validated, so a missing key
 * is a 400 naming the setting before anything runs.
 */
export function missingCredential(
  value: string | undefined,
  key: string,
  secretNames: readonly string[],
  lookup: NamedSecretLookup | undefined,
): string | undefined {
  const reference = value === undefined ? undefined : SECRET_REFERENCE.exec(value);
  if (value !== undefined && reference === null) return undefined;
  if (reference) {
    return lookup?.(reference[1]) === undefined ? `refers to the secret ${reference[1]}, which is not configured` : undefined;
  }
  if (secretNames.some((name) => lookup?.(name) !== undefined)) return undefined;
  const names = secretNames.length === 0 ? '' : ` or configure the secret ${secretNames.join(' or ')}`;
  return `is required: set ${key}${names}`;
}

/**
 * Adds a validation issue at `key` when {@link missingCredential} finds no credential; use in a config
 * schema's `superRefine`.
 * @example .superRefine(requireCredential('apiKey', ['OPENAI_API_KEY'], options.secret))
 */
export function requireCredential<T extends Record<string, unknown>>(
  key: keyof T & string,
  secretNames: readonly string[],
  lookup: NamedSecretLookup | undefined,
) {
  return (config: T, ctx: z.RefinementCtx): void => {
    const value = config[key];
    const problem = missingCredential(typeof value === 'string' ? value : undefined, key, secretNames, lookup);
    if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: problem });
  };
}

/** The credential a firing uses: the setting as resolved (references are resolved before the actor starts), else the first configured named secret. */
export function credentialOf(value: string | undefined, secretNames: readonly string[], secret: NamedSecretLookup): string | undefined {
  if (value !== undefined) return value;
  for (const name of secretNames) {
    const found = secret(name);
    if (found !== undefined) return found;
  }
  return undefined;
}
