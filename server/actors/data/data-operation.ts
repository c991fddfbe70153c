import { z } from 'zod';
import { booleanSetting, numberSetting } from '../shared';

/** The operation types of the IDE's data operation builder. */
const DataOperationTypeSchema = z.enum(['map', 'filter', 'sort', 'transform', 'group', 'aggregate', 'merge', 'split']);

/** The functions an aggregate operation can apply. */
const AggregateFunctionSchema = z.enum(['sum', 'avg', 'count', 'min', 'max', 'first', 'last']);

/** What a failing item or expression does to the pipeline. */
export const ErrorHandlingSchema = z.enum(['ignore', 'skip_item', 'stop_pipeline', 'log_and_continue']);

/** One entry of a map operation: the source field (or placeholder), the target field and an optional expression. */
const FieldMappingSchema = z.object({
  sourceField: z.string().default(''),
  targetField: z.string().trim().min(1, 'a mapping needs a targetField'),
  transform: z.string().optional(),
});

/**
 * One operation of a DataOperationSet, as the IDE stores it, plus three keys of our own for `split`:
 * `splitField` (the field to split each item on), `separator` (for string fields, default `,`) and `chunkSize`.
 * Select fields the IDE shows with a default but does not store take that default; an aggregate without
 * `aggregateField` aggregates the items themselves.
 */
const DataOperationSchema = z
  .object({
    id: z.string().optional(),
    type: DataOperationTypeSchema,
    enabled: booleanSetting('Whether the operation runs', true),
    description: z.string().optional(),
    mapping: z.array(FieldMappingSchema).optional(),
    filterExpression: z.string().optional(),
    sortField: z.string().optional(),
    sortDirection: z.enum(['asc', 'desc']).default('asc'),
    transformExpression: z.string().optional(),
    groupByField: z.string().optional(),
    aggregateField: z.string().optional(),
    // The IDE shows "sum" for an aggregate whose function was never picked, and stores nothing.
    aggregateFunction: AggregateFunctionSchema.default('sum'),
    splitField: z.string().optional(),
    separator: z.string().optional(),
    chunkSize: numberSetting('Items per chunk of a split by size', z.number().int().min(1).optional()),
  })
  .superRefine((operation, ctx) => {
    if (!operation.enabled) return;
    const need = (key: keyof typeof operation, ok: boolean): void => {
      if (!ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: `a ${operation.type} operation needs ${key}` });
    };
    const filled = (text: string | undefined): boolean => text !== undefined && text.trim() !== '';
    if (operation.type === 'map') need('mapping', (operation.mapping?.length ?? 0) > 0);
    if (operation.type === 'filter') need('filterExpression', filled(operation.filterExpression));
    if (operation.type === 'transform') need('transformExpression', filled(operation.transformExpression));
    if (operation.type === 'group') need('groupByField', filled(operation.groupByField));
  });

/** A named, ordered list of operations. */
export const DataOperationSetSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  operations: z.array(DataOperationSchema).default([]),
});

/** The operation types. */
export type DataOperationType = z.infer<typeof DataOperationTypeSchema>;
/** An error handling mode. */
export type ErrorHandling = z.infer<typeof ErrorHandlingSchema>;
/** A parsed operation. */
export type DataOperation = z.infer<typeof DataOperationSchema>;
/** A parsed operation set. */
export type DataOperationSet = z.infer<typeof DataOperationSetSchema>;
