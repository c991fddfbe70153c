import { type JsonObject, type JsonValue } from '../../engine';

/**
 * A value a database driver read, as JSON: dates as ISO text, binary as base64 text, 64-bit integers and
 * decimals as text (so that no digit is lost), MongoDB's ObjectId as its hex text, nested values likewise.
 */
export function driverValueToJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (Array.isArray(value)) return value.map(driverValueToJson);
  if (typeof value !== 'object') return String(value);
  const bson = bsonValue(value as { _bsontype?: unknown });
  if (bson !== undefined) return bson;
  const object: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) object[key] = driverValueToJson(entry);
  return object;
}

/** A driver's row or document as a JSON object. */
export function driverRowToJson(row: object): JsonObject {
  return driverValueToJson(row) as JsonObject;
}

// BSON's own types, read by their tag so that this module needs no driver.
function bsonValue(value: { _bsontype?: unknown }): JsonValue | undefined {
  switch (value._bsontype) {
    case 'ObjectId':
      return (value as unknown as { toHexString(): string }).toHexString();
    case 'Binary':
      return Buffer.from((value as unknown as { buffer: Uint8Array }).buffer).toString('base64');
    case 'Decimal128':
    case 'Long':
    case 'Timestamp':
    case 'Int32':
    case 'Double':
      return String(value);
    default:
      return undefined;
  }
}
