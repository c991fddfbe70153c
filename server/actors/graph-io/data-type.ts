import { z } from 'zod';
import { type JsonValue, isJsonObject } from '../../engine';
import { choiceSetting, describeValue } from '../shared';

/** The kinds of value a graph input or output may declare. */
const DataTypeSchema = z.enum(['any', 'string', 'number', 'boolean', 'object', 'array']);

/** A data type of {@link DataTypeSchema}. */
export type DataType = z.infer<typeof DataTypeSchema>;

/** The `dataType` setting of graph input and output nodes. @default "any" */
export const dataTypeSetting = () =>
  choiceSetting('The type each value must have (string, number, boolean, object, array), or any', DataTypeSchema.options, 'any');

function matches(value: JsonValue, type: DataType): boolean {
  switch (type) {
    case 'any':
      return true;
    case 'object':
      return isJsonObject(value);
    case 'array':
      return Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/**
 * Checks that a value has the declared data type (`object` is a plain object, not an array or null).
 * @throws Error naming the port when it has not.
 */
export function checkDataType(value: JsonValue, type: DataType, port: string): void {
  if (!matches(value, type)) throw new Error(`${port} expects ${type === 'any' ? 'a value' : `a value of type ${type}`}, got ${describeValue(value)}`);
}
