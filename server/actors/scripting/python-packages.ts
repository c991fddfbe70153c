import { z } from 'zod';

/** A requirement's distribution name, before any extras, version specifier or marker. */
const PACKAGE_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?/;

/** Splits the `packages` text (one name per line or comma separated; `#` starts a comment) into entries. */
export function splitPackageList(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.replace(/#.*$/, '').trim())
    .filter((entry) => entry !== '');
}

/** The importable name of one entry (`pandas>=2` gives `pandas`), or undefined when it names no package. */
export function packageName(entry: string): string | undefined {
  return PACKAGE_NAME.exec(entry)?.[0];
}

/**
 * The `packages` setting: a textarea string (or a list of strings), parsed into distinct package names;
 * an entry that names no package is a configuration error naming it.
 */
export const PackageListSchema = z
  .union([z.string(), z.array(z.string()), z.null()])
  .optional()
  .transform((value, ctx) => {
    const entries = value === undefined || value === null ? [] : typeof value === 'string' ? splitPackageList(value) : value.flatMap(splitPackageList);
    const names: string[] = [];
    for (const entry of entries) {
      const name = packageName(entry);
      if (name === undefined) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `'${entry}' is not a package name` });
        return z.NEVER;
      }
      if (!names.includes(name)) names.push(name);
    }
    return names;
  });
