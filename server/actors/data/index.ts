import { type AnyActorDefinition } from '../../engine';
import { csvReader } from './csv-reader';
import { dataTransformer } from './data-transformer';
import { dateTime } from './date-time';
import { jsonParser } from './json-parser';
import { regexMatcher } from './regex-matcher';
import { xmlParser } from './xml-parser';

export { dataTransformer, DataTransformerConfigSchema } from './data-transformer';
export { jsonParser, JsonParserConfigSchema } from './json-parser';
export { regexMatcher, RegexMatcherConfigSchema } from './regex-matcher';
export { REGEX_LIMITS } from './regex-in-sandbox';
export { xmlParser, XmlParserConfigSchema } from './xml-parser';
export { type XmlOutputFormat, XmlOutputFormatSchema } from './xml-output';
export { XmlNamespacesSchema } from './xml-namespaces';
export { dateTime, DateTimeConfigSchema } from './date-time';
export { type CsvReaderOptions, csvReader, createCsvReader, CsvReaderConfigSchema } from './csv-reader';
export { MAX_CSV_BYTES } from './csv-source';
export { type DateUnit, DateUnitSchema, readDate, formatDate, addToDate, dateDifference, isTimeZone } from './date-values';
export { type JsonTextOptions, type JsonTextOutcome, type JsonTextProblem, parseJsonText } from './json-text';
export {
  type DataOperation,
  type DataOperationSet,
  type DataOperationType,
  type AggregateFunction,
  type ErrorHandling,
  DataOperationSchema,
  DataOperationSetSchema,
} from './data-operation';

export { translateExpression, fieldPathOf } from './placeholder-expression';

/** The data family: transformer, parsers, matchers, date/time and CSV reader, keyed by IDE template id. */
export const dataActors: readonly AnyActorDefinition[] = [dataTransformer, jsonParser, regexMatcher, xmlParser, dateTime, csvReader];
