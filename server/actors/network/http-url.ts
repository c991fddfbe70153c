import { z } from 'zod';
import { requiredText } from '../shared';

/** Why a text is not a usable http(s) URL, or undefined when it is one. */
export function httpUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `'${text}' is not an absolute URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `'${url.protocol}' URLs are not supported; use http: or https:`;
  if (url.username !== '' || url.password !== '') return 'a URL must not carry credentials (user:password@); send an Authorization header instead';
  return undefined;
}

/**
 * Parses an absolute http: or https: URL without credentials.
 * @throws Error naming the problem, prefixed with `what` (the property or port the URL came from).
 */
export function parseHttpUrl(text: string, what: string): URL {
  const problem = httpUrlProblem(text);
  if (problem !== undefined) throw new Error(`${what}: ${problem}`);
  return new URL(text);
}

/**
 * A required URL property, trimmed (spaces around a URL are never part of it). A static value is checked when the graph is validated; a value holding a
 * `${...}` reference is resolved later, so it is checked when the actor fires.
 */
export function httpUrlField(description: string) {
  return requiredText(description)
    .transform((text) => text.trim())
    .superRefine((text, ctx) => {
      if (text.includes('${')) return;
      const problem = httpUrlProblem(text);
      if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}
