import { type AnyActorDefinition } from '../../engine';
import { csvReader } from './csv-reader';
import { dataTransformer } from './data-transformer';
import { dateTime } from './date-time';
import { jsonParser } from './json-parser';
import { regexMatcher } from './regex-matcher';
import { xmlParser } from './xml-parser';

/** The data family: transformer, parsers, matchers, date/time and CSV reader, keyed by IDE template id. */
export const dataActors: readonly AnyActorDefinition[] = [dataTransformer, jsonParser, regexMatcher, xmlParser, dateTime, csvReader];
