import { type JsonValue } from '../engine';
import { type TaskTable } from '../offload';
import { type CsvRowsOptions, readCsvRows } from './data/csv-rows';
import { JsonSchemaChecker } from './data/json-schema-check';
import { type JsonTextOptions, parseJsonText } from './data/json-text';
import { runArrowOperation } from './data/arrow-operation';
import { type ArrowRequest } from './data/arrow-request';
import { type ExcelRowsOptions, readExcelRows } from './data/excel-rows';
import { xmlToDom } from './data/xml-document';
import { type XmlOutputFormat, documentOutput, selectionOutput } from './data/xml-output';
import { evaluateXPath } from './data/xml-xpath';
import { type TextValidation, textRuleProblem } from './inputs/text-validation';
import { evaluateExpression, mathResultToJson } from './shared';

// One checker per worker: it keeps the last compiled schema, as a sticky schema port repeats it.
const schemas = new JsonSchemaChecker();

/**
 * The work actors hand to the worker threads: each computes from user input at a cost the input decides
 * (an XPath over a large document, a matrix expression, a backtracking pattern, megabytes of CSV, JSON or a
 * workbook), so
 * it must not run on the event loop. Loaded only inside the workers.
 */
export const TASKS = {
  xmlOutput: (p: { text: string; expression?: string; namespaces: Record<string, string>; format: XmlOutputFormat }): JsonValue =>
    p.expression === undefined ? documentOutput(p.text, p.format) : selectionOutput(evaluateXPath(xmlToDom(p.text), p.expression, p.namespaces), p.format),
  mathExpression: (p: { expression: string; scope: Record<string, unknown>; precision: number }): JsonValue =>
    mathResultToJson(evaluateExpression(p.expression, p.scope), p.precision),
  textRule: (p: { text: string; validation: TextValidation; pattern?: string }): string | null => textRuleProblem(p.text, p.validation, p.pattern) ?? null,
  csvRows: (p: { text: string; options: CsvRowsOptions }) => readCsvRows(p.text, p.options),
  jsonText: (p: { text: string; options: JsonTextOptions }) => parseJsonText(p.text, p.options),
  schemaCheck: (p: { schema: JsonValue; values: JsonValue[] }) => p.values.map(schemas.validator(p.schema)),
  excelRows: (p: { bytes: Uint8Array; options: ExcelRowsOptions }) => readExcelRows(p.bytes, p.options),
  arrowOperation: (p: ArrowRequest) => runArrowOperation(p),
} satisfies TaskTable;

/** The names of the tasks. */
export type HeavyTask = keyof typeof TASKS;
