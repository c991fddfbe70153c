import { z } from 'zod';

/** The format rules a text input can check. */
export const TextValidationSchema = z.enum(['none', 'email', 'url', 'alphanumeric', 'regex']);

/** A text input format rule. */
export type TextValidation = z.infer<typeof TextValidationSchema>;

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

/**
 * Builds a RegExp from a pattern, written plain (`^\d+$`) or as a literal with flags (`/^abc$/i`).
 * @throws SyntaxError when the pattern is not a valid regular expression.
 */
export function patternToRegExp(pattern: string): RegExp {
  const literal = /^\/(.*)\/([dgimsuvy]*)$/s.exec(pattern);
  return literal === null ? new RegExp(pattern) : new RegExp(literal[1], literal[2].replace(/[gy]/g, ''));
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Checks a text against a format rule, returning why it fails or undefined when it passes: `email` (local@domain.tld),
 * `url` (an absolute http or https URL), `alphanumeric` (ASCII letters and digits), `regex` (the pattern matches
 * somewhere in the text; anchor it with ^ and $ to match the whole text).
 */
export function textRuleProblem(text: string, validation: TextValidation, pattern: string | undefined): string | undefined {
  switch (validation) {
    case 'none':
      return undefined;
    case 'email':
      return EMAIL.test(text) ? undefined : 'is not an email address';
    case 'url':
      return isHttpUrl(text) ? undefined : 'is not an http(s) URL';
    case 'alphanumeric':
      return ALPHANUMERIC.test(text) ? undefined : 'is not alphanumeric (letters and digits only)';
    case 'regex':
      return patternToRegExp(pattern ?? '').test(text) ? undefined : `does not match the pattern ${pattern ?? ''}`;
  }
}
