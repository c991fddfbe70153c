import { z } from 'zod';
import { betweenBounds } from './between-bounds';

/** The comparison operators of the IDE's rule builder. */
const RuleOperatorSchema = z.enum([
  'is',
  'is_not',
  'contains',
  'not_contains',
  'greater_than',
  'less_than',
  'greater_equal',
  'less_equal',
  'between',
  'empty',
  'not_empty',
]);

/** A rule operator. */
export type RuleOperator = z.infer<typeof RuleOperatorSchema>;

/** How both sides of a rule are read before comparing; absent means inferred from the values. */
const RuleValueTypeSchema = z.enum(['string', 'number', 'date', 'boolean']);

/** A rule value type. */
export type RuleValueType = z.infer<typeof RuleValueTypeSchema>;

const idSchema = z.union([z.string(), z.number()]).optional();

/** One comparison: the packet's (dotted) `field`, an operator and the value typed in the rule builder. */
export const RuleSchema = z
  .object({
    id: idSchema,
    field: z.string().default(''),
    operator: RuleOperatorSchema,
    value: z.unknown().optional(),
    valueType: RuleValueTypeSchema.nullish(),
  })
  .superRefine((rule, ctx) => {
    if (rule.operator !== 'between') return;
    try {
      betweenBounds(rule.value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: (error as Error).message });
    }
  });

/** A rule. */
export type Rule = z.infer<typeof RuleSchema>;

/** A group of rules; `connector` joins the group to the groups before it (the first group's is not used). */
const RuleGroupSchema = z.object({
  id: idSchema,
  connector: z.enum(['AND', 'OR']).default('AND'),
  rules: z.array(RuleSchema).default([]),
});

/** A rule group. */
export type RuleGroup = z.infer<typeof RuleGroupSchema>;

/** A rule set (`IF`, or an alternative `OR`) of groups; the IDE's `actions` are not used by the executor. */
export const RuleSetSchema = z.object({
  id: idSchema,
  type: z.enum(['IF', 'OR']).default('IF'),
  groups: z.array(RuleGroupSchema).default([]),
});

/** A rule set. */
export type RuleSet = z.infer<typeof RuleSetSchema>;
