import { readFile } from 'node:fs/promises';
import { type JsonObject, type JsonValue, isJsonObject } from '../model';
import { CliError } from './cli-error';

/**
 * Reads one `--input key=value`: the value is JSON when it reads as JSON (`x=3`, `on=true`, `tags=["a"]`),
 * and the text itself otherwise (`name=Ada`); quote a JSON string to keep digits as text (`zip='"01234"'`).
 * @throws CliError for a pair without `=` or with an empty key
 */
export function parseInputPair(pair: string): [string, JsonValue] {
  const at = pair.indexOf('=');
  if (at <= 0) throw new CliError(`--input takes key=value, not '${pair}'`);
  const key = pair.slice(0, at);
  const text = pair.slice(at + 1);
  try {
    return [key, JSON.parse(text) as JsonValue];
  } catch {
    return [key, text];
  }
}

/**
 * The input of a run: the JSON object of `--input-file` when given, then each `--input key=value` over it.
 * @throws CliError for an unreadable file, a file that is not a JSON object, or a malformed pair
 */
export async function readRunInput(pairs: readonly string[], file?: string): Promise<JsonObject> {
  const input: JsonObject = file === undefined ? {} : await readInputFile(file);
  for (const pair of pairs) {
    const [key, value] = parseInputPair(pair);
    input[key] = value;
  }
  return input;
}

async function readInputFile(path: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read the input file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`The input file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (!isJsonObject(json)) throw new CliError(`The input file ${path} must hold a JSON object, each key naming an inport of the graph`);
  return { ...json };
}
