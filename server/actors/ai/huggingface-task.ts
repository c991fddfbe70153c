import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { promptText } from './conversation';

/** The Inference API tasks of the template. */
export const HF_TASKS = [
  'text-generation',
  'text-classification',
  'translation',
  'summarization',
  'question-answering',
  'image-classification',
  'object-detection',
  'text-to-image',
] as const;

/** An Inference API task. */
export type HfTask = (typeof HF_TASKS)[number];

const IMAGE_TASKS: readonly HfTask[] = ['image-classification', 'object-detection'];
const DATA_URL = /^data:[^;,]+;base64,(.*)$/s;

// An image of input-in as the base64 text the API takes: a data URL, {data} or {base64}, or base64 text.
function imageBase64(input: JsonValue | undefined): string {
  const text = isJsonObject(input) ? (typeof input.data === 'string' ? input.data : input.base64) : input;
  if (typeof text !== 'string' || text.trim() === '')
    throw new Error('input-in must hold the image: a data URL, {mimeType, data} with base64 data, or base64 text');
  return DATA_URL.exec(text.trim())?.[1] ?? text.trim();
}

function questionOf(input: JsonValue | undefined): JsonObject {
  if (isJsonObject(input) && typeof input.question === 'string' && typeof input.context === 'string')
    return { question: input.question, context: input.context };
  throw new Error('input-in must be {question, context} for question-answering');
}

// The length setting means new tokens for generation and the summary's length for summarization.
function lengthParameters(task: HfTask, maxLength: number): JsonObject {
  if (task === 'text-generation') return { max_new_tokens: maxLength, return_full_text: false };
  if (task === 'summarization') return { max_length: maxLength };
  return {};
}

/**
 * The JSON body of a task's request: `{inputs, parameters, options}` as the Inference API documents it, the
 * task's length parameter first and the `params-in` object over it.
 * @throws Error when input-in does not hold what the task takes
 */
export function hfRequestBody(
  task: HfTask,
  input: JsonValue | undefined,
  settings: { maxLength: number; params: JsonObject; useGpu: boolean; waitForModel: boolean },
): JsonObject {
  let inputs: JsonValue;
  if (IMAGE_TASKS.includes(task)) inputs = imageBase64(input);
  else if (task === 'question-answering') inputs = questionOf(input);
  else {
    inputs = promptText(input);
    if (inputs.trim() === '') throw new Error('input-in holds no text');
  }
  const parameters = { ...lengthParameters(task, settings.maxLength), ...settings.params };
  return { inputs, parameters, options: { wait_for_model: settings.waitForModel, use_gpu: settings.useGpu } };
}

function first(value: JsonValue): JsonValue {
  return Array.isArray(value) && value.length > 0 ? value[0] : value;
}

function field(value: JsonValue, name: string): JsonValue {
  const item = first(value);
  return isJsonObject(item) && item[name] !== undefined ? item[name] : value;
}

/**
 * What `output-out` gets from a task's answer: the generated, translated or summarised text; the labels with
 * their scores (classification, detection); the answer object (question answering); `{mimeType, data}` with
 * base64 data for a generated image.
 */
export function hfOutput(task: HfTask, body: JsonValue, contentType: string | null): JsonValue {
  switch (task) {
    case 'text-generation':
      return field(body, 'generated_text');
    case 'translation':
      return field(body, 'translation_text');
    case 'summarization':
      return field(body, 'summary_text');
    case 'text-classification':
      // One input gives a list of labels, sometimes wrapped in another list.
      return Array.isArray(body) && body.length === 1 && Array.isArray(body[0]) ? body[0] : body;
    case 'question-answering':
      return first(body);
    case 'text-to-image':
      return { mimeType: (contentType ?? 'application/octet-stream').split(';')[0].trim(), data: body };
    default:
      return body;
  }
}
