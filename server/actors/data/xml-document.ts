import { DOMParser, type Document } from '@xmldom/xmldom';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';

/** Where and why a text is not acceptable XML. */
export type XmlProblem = { message: string; line?: number; column?: number };

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
});

/**
 * Checks XML before anything parses it: a document declaring entities (`<!ENTITY` in a DOCTYPE) is refused, which
 * rules out entity expansion bombs and external entities; malformed XML is reported with its line and column.
 */
export function xmlProblem(text: string): XmlProblem | undefined {
  const doctype = text.search(/<!DOCTYPE/i);
  if (doctype !== -1 && /<!ENTITY/i.test(text.slice(doctype))) return { message: 'XML declaring entities (<!ENTITY) is refused: entity expansion is disabled' };
  const outcome = XMLValidator.validate(text);
  if (outcome === true) return undefined;
  return { message: `Malformed XML at line ${outcome.err.line}, column ${outcome.err.col}: ${outcome.err.msg}`, line: outcome.err.line, column: outcome.err.col };
}

/** Converts checked XML text to JSON: elements to objects (repeated ones to arrays), attributes as `@_name`, text as `#text`; values stay text. */
export function xmlToJson(text: string): JsonObject {
  return parser.parse(text) as JsonObject;
}

/** Parses checked XML text into a DOM for XPath. */
export function xmlToDom(text: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`Malformed XML: ${message}`);
    },
  }).parseFromString(text, 'text/xml');
}

/**
 * Rewrites JSON from {@link xmlToJson} with plain attribute names (`@_id` becomes `id`); an attribute whose name
 * a child element already uses keeps an `@` (`@id`).
 */
export function plainAttributes(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(plainAttributes);
  if (!isJsonObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, entry] of Object.entries(value)) {
    const name = key.startsWith('@_') ? (Object.prototype.hasOwnProperty.call(value, key.slice(2)) ? `@${key.slice(2)}` : key.slice(2)) : key;
    Object.defineProperty(result, name, { value: plainAttributes(entry), writable: true, enumerable: true, configurable: true });
  }
  return result;
}
