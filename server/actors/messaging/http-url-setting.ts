import { z } from 'zod';
import { optionalText } from '../shared';
import { httpUrlProblem } from '../network/http-url';

/**
 * An optional http(s) URL key (an image, a callback, an avatar), checked when the graph is validated unless
 * it holds a `${...}` reference.
 * @param list - whether the key may hold several URLs separated by commas
 */
export function httpUrlSetting(description: string, list = false) {
  return optionalText(description)
    .transform((text) => text?.trim())
    .superRefine((text, ctx) => {
      if (text === undefined || text.includes('${')) return;
      for (const url of list ? text.split(',').map((part) => part.trim()) : [text]) {
        const problem = httpUrlProblem(url);
        if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }
    });
}
