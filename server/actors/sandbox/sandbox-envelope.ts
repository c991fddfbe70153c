import { z } from 'zod';
import { PresentJsonValueSchema } from '../../../model';

/** The JSON text a sandbox context answers with, as the host checks it (never trusted as it comes). */
export const SandboxEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    value: PresentJsonValueSchema,
    outputs: z.array(z.object({ port: z.string(), value: PresentJsonValueSchema })),
    logs: z.array(z.string()),
  }),
  z.object({ ok: z.literal(false), error: z.string(), logs: z.array(z.string()) }),
]);

/** A checked envelope. */
export type SandboxEnvelope = z.infer<typeof SandboxEnvelopeSchema>;

/** Parses the text a sandbox context answered with; a malformed one (a script that tampered with the built-ins) is a failure. */
export function parseSandboxEnvelope(text: unknown): SandboxEnvelope {
  if (typeof text === 'string') {
    try {
      const parsed = SandboxEnvelopeSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // A malformed text falls through to the failure below.
    }
  }
  return { ok: false, error: 'the script corrupted the sandbox result (were built-ins replaced?)', logs: [] };
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
