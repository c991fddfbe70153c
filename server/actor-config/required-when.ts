import { type z } from 'zod';

/** The condition each refinement built by {@link requiredWhen} stands for, so `configFields` can show it. */
const conditions = new WeakMap<object, { readonly flag: string; readonly keys: readonly string[] }>();

/**
 * Builds a `superRefine` rule that makes optional keys required while a boolean flag is true, with one
 * issue per missing key naming it and the flag. `configFields` shows the rule as "required when <flag> is true".
 *
 * @example
 * const CacheSchema = z
 *   .object({ cache_enabled: z.boolean().default(false), cache_size: z.number().int().positive().optional(), cache_ttl: z.number().positive().optional() })
 *   .superRefine(requiredWhen('cache_enabled', ['cache_size', 'cache_ttl']));
 * // { cache_enabled: true } fails with "cache_size is required when cache_enabled is true; cache_ttl is required when ..."
 */
export function requiredWhen(flag: string, keys: readonly string[]): (value: Record<string, unknown>, ctx: z.RefinementCtx) => void {
  const rule = function requireWhenFlagIsOn(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
    if (value[flag] !== true) return;
    for (const key of keys) {
      if (value[key] === undefined || value[key] === null) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when ${flag} is true`, params: { missing: true } });
      }
    }
  };
  conditions.set(rule, { flag, keys: [...keys] });
  return rule;
}

/** The rule text of each key made conditionally required by a {@link requiredWhen} refinement among `refinements`. */
export function conditionalRules(refinements: readonly unknown[]): Map<string, string> {
  const rules = new Map<string, string>();
  for (const refinement of refinements) {
    const condition = typeof refinement === 'function' ? conditions.get(refinement) : undefined;
    if (condition === undefined) continue;
    for (const key of condition.keys) rules.set(key, `required when ${condition.flag} is true`);
  }
  return rules;
}
