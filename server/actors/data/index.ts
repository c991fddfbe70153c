import { type AnyActorDefinition } from '../../engine';
import { arrowOperations } from './arrow-operations';
import { csvReader } from './csv-reader';
import { dataTransformer } from './data-transformer';
import { dateTime } from './date-time';
import { excelReader } from './excel-reader';
import { jsonParser } from './json-parser';
import { regexMatcher } from './regex-matcher';
import { xmlParser } from './xml-parser';

/** The data family: transformer, parsers, matchers, date/time, the CSV and Excel readers and Arrow operations, keyed by IDE template id. */
export const dataActors: readonly AnyActorDefinition[] = [dataTransformer, jsonParser, regexMatcher, xmlParser, dateTime, csvReader, excelReader, arrowOperations];
export { createCsvReader } from './csv-reader';
export { createExcelReader } from './excel-reader';
export { type DataOperationSet, DataOperationSetSchema } from './data-operation';
export { runPipeline } from './operation-pipeline';
export { pipelineOutput } from './pipeline-value';
export { FailureLog } from './failure-policy';
export { schemaViolations } from './schema-violations';
