import { type Node, XMLSerializer } from '@xmldom/xmldom';
import { z } from 'zod';
import { type JsonValue } from '../../engine';
import { plainAttributes, xmlToDom, xmlToJson } from './xml-document';
import { type XPathSelection } from './xml-xpath';

/**
 * How the XML parser shapes its output:
 * - `json`: fast-xml-parser's JSON, root element included (`{order: {"@_id": "1", item: "a"}}`);
 * - `object`: the root element's content with plain attribute names (`{id: "1", item: "a"}`);
 * - `array`: always a list: the root's child elements (or every XPath match), each shaped as `object`.
 * With an XPath, `json` and `object` give the one match itself, an array for several matches, null for none.
 */
export const XmlOutputFormatSchema = z.enum(['json', 'array', 'object']);

/** An output format. */
export type XmlOutputFormat = z.infer<typeof XmlOutputFormatSchema>;

const ELEMENT = 1;
const ATTRIBUTE = 2;
const DOCUMENT = 9;

/** Shapes a whole (checked) document. */
export function documentOutput(text: string, format: XmlOutputFormat): JsonValue {
  if (format === 'json') return xmlToJson(text);
  if (format === 'object') return contentOf(xmlToJson(text));
  const root = xmlToDom(text).documentElement;
  const children: JsonValue[] = [];
  for (let child = root?.firstChild ?? null; child !== null; child = child.nextSibling) {
    if (child.nodeType === ELEMENT) children.push(nodeValue(child, 'object'));
  }
  return children;
}

/** Shapes what an XPath selected. */
export function selectionOutput(selection: XPathSelection, format: XmlOutputFormat): JsonValue {
  if (selection.kind === 'scalar') return format === 'array' ? [selection.value] : selection.value;
  const values = selection.nodes.map((node) => nodeValue(node, format === 'json' ? 'json' : 'object'));
  if (format === 'array') return values;
  return values.length === 0 ? null : values.length === 1 ? values[0] : values;
}

function nodeValue(node: Node, style: 'json' | 'object'): JsonValue {
  if (node.nodeType === ATTRIBUTE) return node.nodeValue ?? '';
  if (node.nodeType !== ELEMENT && node.nodeType !== DOCUMENT) return node.nodeValue ?? node.textContent ?? '';
  const json = xmlToJson(new XMLSerializer().serializeToString(node));
  return style === 'json' ? json : contentOf(json);
}

function contentOf(json: { [key: string]: JsonValue }): JsonValue {
  const [root] = Object.values(json);
  return plainAttributes(root ?? null);
}
