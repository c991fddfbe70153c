import { type AnyActorDefinition } from '../../engine';
import { csvReader } from './csv-reader';
import { dataTransformer } from './data-transformer';
import { dateTime } from './date-time';
import { excelReader } from './excel-reader';
import { jsonParser } from './json-parser';
import { regexMatcher } from './regex-matcher';
import { xmlParser } from './xml-parser';

/** The data family: transformer, parsers, matchers, date/time and the CSV and Excel readers, keyed by IDE template id. */
export const dataActors: readonly AnyActorDefinition[] = [dataTransformer, jsonParser, regexMatcher, xmlParser, dateTime, csvReader, excelReader];
export { createCsvReader } from './csv-reader';
export { createExcelReader } from './excel-reader';
