import { type Content, HarmBlockThreshold, HarmCategory, type Part, type SafetySetting } from '@google/genai';
import { type JsonValue, isJsonObject } from '../../engine';
import { type Conversation } from './conversation';

/** The template's safety levels, from the most permissive. */
export const SAFETY_LEVELS = ['block_none', 'block_few', 'block_some', 'block_most'] as const;

/** A safety level of the template. */
export type SafetyLevel = (typeof SAFETY_LEVELS)[number];

// "Block few" blocks only what is most likely harmful; "block most" even what is a little likely.
const THRESHOLDS: Readonly<Record<SafetyLevel, HarmBlockThreshold>> = {
  block_none: HarmBlockThreshold.BLOCK_NONE,
  block_few: HarmBlockThreshold.BLOCK_ONLY_HIGH,
  block_some: HarmBlockThreshold.BLOCK_MEDIUM_AND_ABOVE,
  block_most: HarmBlockThreshold.BLOCK_LOW_AND_ABOVE,
};

const CATEGORIES = [
  HarmCategory.HARM_CATEGORY_HARASSMENT,
  HarmCategory.HARM_CATEGORY_HATE_SPEECH,
  HarmCategory.HARM_CATEGORY_SEXUALLY_EXPLICIT,
  HarmCategory.HARM_CATEGORY_DANGEROUS_CONTENT,
];

/** The safety settings of a level: the same threshold for each harm category Gemini rates. */
export function safetySettingsOf(level: SafetyLevel): SafetySetting[] {
  return CATEGORIES.map((category) => ({ category, threshold: THRESHOLDS[level] }));
}

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

function textOf(value: JsonValue | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

// One media item: a data URL, {mimeType, data} (base64), or {mimeType, fileUri} for a file Gemini already has.
function mediaPart(item: JsonValue): Part {
  if (typeof item === 'string') {
    const match = DATA_URL.exec(item.trim());
    if (match) return { inlineData: { mimeType: match[1], data: match[2] } };
  } else if (isJsonObject(item)) {
    const mimeType = textOf(item.mimeType) ?? textOf(item.mime_type);
    const data = textOf(item.data) ?? textOf(item.base64);
    const fileUri = textOf(item.fileUri) ?? textOf(item.uri);
    if (mimeType !== undefined && data !== undefined) return { inlineData: { mimeType, data } };
    if (mimeType !== undefined && fileUri !== undefined) return { fileData: { mimeType, fileUri } };
  }
  throw new Error('media-in holds no media: send a data URL, {mimeType, data} with base64 data, or {mimeType, fileUri} (or a list of them)');
}

/** The parts of a `media-in` packet: none without one, one per item of a list. */
export function mediaParts(media: JsonValue | undefined): Part[] {
  if (media === undefined || media === null) return [];
  return (Array.isArray(media) ? media : [media]).map(mediaPart);
}

/** The contents of a request: the conversation's turns (the assistant is Gemini's `model`), the media joined to the last user turn. */
export function geminiContents(conversation: Conversation, media: Part[]): Content[] {
  const contents: Content[] = conversation.turns.map((turn) => ({ role: turn.role === 'assistant' ? 'model' : 'user', parts: [{ text: turn.content }] }));
  const last = contents[contents.length - 1];
  last.parts = [...(last.parts ?? []), ...media];
  return contents;
}
