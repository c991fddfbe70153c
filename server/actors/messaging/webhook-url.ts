import { z } from 'zod';
import { type NamedSecretLookup, credentialOf, optionalText } from '../shared';

// Never echoes the URL: the path of a webhook URL is its key.
function webhookProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL';
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : `must be an http(s) URL, not ${url.protocol}`;
}

/**
 * The `webhookUrl` key of a webhook node: the URL itself or a `${secret:NAME}` reference; when unset, the
 * named secret. A static value is checked when the graph is validated, without the URL in the message.
 */
export function webhookUrlSetting(vendor: string, secretName: string) {
  return optionalText(`The ${vendor} webhook URL, usually written as \${secret:NAME} since its path is its key; when unset, the secret ${secretName}`)
    .transform((text) => text?.trim())
    .superRefine((text, ctx) => {
      if (text === undefined || text.includes('${')) return;
      const problem = webhookProblem(text);
      if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    });
}

/**
 * The webhook URL a firing posts to: the node's key as resolved, else the named secret.
 * @throws Error naming the key (never the URL) when there is none or it is no http(s) URL
 */
export function webhookUrlOf(value: string | undefined, secretName: string, secret: NamedSecretLookup): URL {
  const text = credentialOf(value, [secretName], secret)?.trim();
  if (text === undefined || text === '') throw new Error(`config 'webhookUrl' is required: set webhookUrl or configure the secret ${secretName}`);
  const problem = webhookProblem(text);
  if (problem !== undefined) throw new Error(`config 'webhookUrl' ${problem}`);
  return new URL(text);
}
