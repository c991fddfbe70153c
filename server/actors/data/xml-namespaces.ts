import { z } from 'zod';

const PREFIX = /^[A-Za-z_][\w.-]*$/;

/**
 * The `namespaces` textarea: empty, a JSON object `{"prefix": "uri"}`, or one `prefix=uri` per line (blank lines and
 * lines starting with `#` are skipped); parsed into a prefix-to-URI map for XPath.
 */
export const XmlNamespacesSchema = z
  .string()
  .optional()
  .transform((text, ctx): Record<string, string> => {
    const problem = (message: string): Record<string, string> => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    };
    if (text === undefined || text.trim() === '') return {};
    const map: Record<string, string> = {};
    if (text.trim().startsWith('{')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return problem('must be a JSON object or prefix=uri lines');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return problem('must be a JSON object of prefix to URI');
      for (const [prefix, uri] of Object.entries(parsed)) {
        if (!PREFIX.test(prefix) || typeof uri !== 'string' || uri === '') return problem(`'${prefix}' must map a prefix to a URI string`);
        map[prefix] = uri;
      }
      return map;
    }
    for (const [index, line] of text.split(/\r?\n/).entries()) {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      const match = /^(?:xmlns:)?([^=\s]+)\s*=\s*"?([^"\s]+)"?$/.exec(trimmed);
      if (match === null || !PREFIX.test(match[1])) return problem(`line ${index + 1} is not prefix=uri`);
      map[match[1]] = match[2];
    }
    return map;
  });
