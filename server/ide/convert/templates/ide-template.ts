import { z } from 'zod';
import { CheckedJsonValueSchema } from '../../../../model';

/** The editor widgets the IDE's templates use for their properties; they decide a value's shape. */
export const IdePropertyTypeSchema = z.enum(['text', 'textarea', 'number', 'boolean', 'select', 'code-editor', 'rules', 'dataOperations', 'file']);

/** The editor widget of a template property, such as `select`. */
export type IdePropertyType = z.infer<typeof IdePropertyTypeSchema>;

/** One property of a template: its widget, whether the IDE requires it, and its default when it has one. */
const IdeTemplatePropertySchema = z.object({
  type: IdePropertyTypeSchema,
  required: z.boolean(),
  /** A `select` whose value is an array of options. */
  multiple: z.boolean().optional(),
  defaultValue: CheckedJsonValueSchema.optional(),
});

/** One property of a template. */
export type IdeTemplateProperty = z.infer<typeof IdeTemplatePropertySchema>;

/**
 * A node template of the IDE, transcribed from its template files: the id nodes refer to, the shared
 * `type` the sidebar copies onto nodes, the port ids by direction, the property keys and the names of
 * the environment variables it needs.
 */
export const IdeTemplateSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  title: z.string().min(1),
  inputs: z.array(z.string().min(1)),
  outputs: z.array(z.string().min(1)),
  properties: z.record(IdeTemplatePropertySchema),
  requiredEnvVars: z.array(z.string().min(1)),
});

/** A node template of the IDE. */
export type IdeTemplate = z.infer<typeof IdeTemplateSchema>;
