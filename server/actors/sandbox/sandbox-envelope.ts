import { z } from 'zod';
import { PresentJsonValueSchema } from '../../../model';
import { type JsonValue, JsonText } from '../../engine';

/** Where a value held out of the envelope goes: the result, a field of the result, or an output's value. */
const HeldPlaceSchema = z.union([
  z.tuple([z.literal('value')]),
  z.tuple([z.literal('value'), z.string()]),
  z.tuple([z.literal('outputs'), z.number().int().nonnegative()]),
]);

/** The JSON text a sandbox context answers with, as the host checks it (never trusted as it comes). */
const SandboxEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    value: PresentJsonValueSchema,
    outputs: z.array(z.object({ port: z.string(), value: PresentJsonValueSchema })),
    logs: z.array(z.string()),
    held: z.array(HeldPlaceSchema).optional(),
  }),
  z.object({ ok: z.literal(false), error: z.string(), logs: z.array(z.string()) }),
]);

/** A checked envelope. */
export type SandboxEnvelope = z.infer<typeof SandboxEnvelopeSchema>;

/** Checks that a text is JSON and answers its UTF-8 size; rejects when it is not JSON (or when `signal` aborts). */
export type JsonTextCheck = (text: string, signal?: AbortSignal) => Promise<number>;

const CORRUPTED: SandboxEnvelope = { ok: false, error: 'the script corrupted the sandbox result (were built-ins replaced?)', logs: [] };

/** Parses the text a sandbox context answered with; a malformed one (a script that tampered with the built-ins) is a failure. */
function parseSandboxEnvelope(text: unknown): SandboxEnvelope {
  if (typeof text === 'string') {
    try {
      const parsed = SandboxEnvelopeSchema.safeParse(JSON.parse(text));
      if (parsed.success && (!parsed.data.ok || parsed.data.held === undefined)) return parsed.data;
    } catch {
      // A malformed text falls through to the failure below.
    }
  }
  return CORRUPTED;
}

/**
 * Reads a sandbox's answer: an envelope text, or (when large values were held out of it) an array of the
 * envelope and the held texts. Each held text is checked by `check` (off the event loop) and put in its place
 * as a JsonText, unparsed; an answer whose places or texts do not fit is a failure like a malformed envelope.
 */
export async function readSandboxAnswer(answer: unknown, check: (text: string) => Promise<number>): Promise<SandboxEnvelope> {
  if (!Array.isArray(answer)) return parseSandboxEnvelope(answer);
  const [envelopeText, ...texts] = answer as unknown[];
  if (typeof envelopeText !== 'string' || texts.length === 0 || !texts.every((text) => typeof text === 'string')) return CORRUPTED;
  let envelope: SandboxEnvelope;
  try {
    const parsed = SandboxEnvelopeSchema.safeParse(JSON.parse(envelopeText));
    if (!parsed.success) return CORRUPTED;
    envelope = parsed.data;
  } catch {
    return CORRUPTED;
  }
  if (!envelope.ok || envelope.held?.length !== texts.length) return CORRUPTED;
  let held: JsonText[];
  try {
    held = await Promise.all((texts as string[]).map(async (text) => new JsonText(text, await check(text))));
  } catch {
    return CORRUPTED;
  }
  const { held: places, ...filled } = envelope;
  for (let i = 0; i < places.length; i++) if (!fill(filled, places[i], held[i])) return CORRUPTED;
  return filled;
}

// Puts a held value where its place says, on the `null` that stands in for it; false when nothing stands there.
function fill(envelope: { value: JsonValue; outputs: { port: string; value: JsonValue }[] }, place: z.infer<typeof HeldPlaceSchema>, text: JsonText): boolean {
  // A JsonText travels where a JSON value goes (see JsonText); the engine and the result know it.
  const value = text as unknown as JsonValue;
  if (place[0] === 'outputs') {
    const output = envelope.outputs[place[1]];
    if (output?.value !== null) return false;
    output.value = value;
    return true;
  }
  if (place.length === 1) {
    if (envelope.value !== null) return false;
    envelope.value = value;
    return true;
  }
  const holder = envelope.value;
  if (holder === null || typeof holder !== 'object' || Array.isArray(holder) || !Object.hasOwn(holder, place[1]) || holder[place[1]] !== null) return false;
  // Defined, not assigned: a key such as `__proto__` is an own field of a parsed object.
  Object.defineProperty(holder, place[1], { value, enumerable: true, writable: true, configurable: true });
  return true;
}

/** Parses the console lines read after a timeout; anything unexpected yields no lines. */
export function parseSandboxLogs(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
