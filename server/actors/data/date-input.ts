import { z } from 'zod';
import { type JsonValue } from '../../engine';
import { numberSetting } from '../shared';
import { DateUnitSchema } from './date-values';

const DateValueSchema = z.union([z.string(), z.number()]);

/** `date-in` of format and parse: a date (ISO text, text in the format, epoch ms) or `{date}`. */
export const DateInputSchema = z.union([DateValueSchema, z.object({ date: DateValueSchema }).transform((input) => input.date)]);

/** `date-in` of add and subtract: an amount (from now), or `{date?, amount, unit?}` (date defaults to now, unit to the configured one). */
export const ShiftInputSchema = z.union([
  numberSetting('An amount of units', z.number()).transform((amount) => ({ amount, date: undefined, unit: undefined })),
  z.object({ date: DateValueSchema.optional(), amount: numberSetting('An amount of units', z.number()), unit: DateUnitSchema.optional() }),
]);

/** `date-in` of diff: `{from, to?, unit?}` (to defaults to now) or a pair `[from, to]`. */
export const DiffInputSchema = z.union([
  z.tuple([DateValueSchema, DateValueSchema]).transform(([from, to]) => ({ from, to, unit: undefined })),
  z.object({ from: DateValueSchema, to: DateValueSchema.optional(), unit: DateUnitSchema.optional() }),
]);

/**
 * Reads `date-in` with a schema.
 * @throws Error naming the operation and the shapes it accepts.
 */
export function readDateInput<T extends z.ZodTypeAny>(schema: T, value: JsonValue | undefined, operation: string, shapes: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`date-in for ${operation} must be ${shapes}, got ${JSON.stringify(value) ?? 'nothing'}`);
  return parsed.data as z.output<T>;
}
