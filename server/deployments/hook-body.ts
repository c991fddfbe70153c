import { type JsonValue, MAX_JSON_DEPTH, jsonDepthExceeds } from '../../model';
import { type HookPlan } from './deployment-plan';

/** A body as the run sees it, or why it cannot be read as the hook's `dataFormat` says. */
export type ReadBody = { ok: true; body: JsonValue } | { ok: false; message: string };

/**
 * Reads a request body per the Server Request node's `dataFormat`: JSON, form fields (urlencoded; a field given
 * twice becomes a list), text, or bytes as base64; Auto-detect goes by the content type (JSON, form, any `text/*`
 * and XML as text, anything else as base64). An empty body is null. JSON nesting deeper than
 * {@link MAX_JSON_DEPTH} levels is refused, as the API refuses it.
 */
export function readHookBody(format: HookPlan['dataFormat'], raw: Buffer, contentType: string | undefined): ReadBody {
  if (raw.length === 0) return { ok: true, body: null };
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const chosen = format !== 'Auto-detect' ? format : detect(type);
  if (chosen === 'Binary') return { ok: true, body: raw.toString('base64') };
  const text = raw.toString('utf8');
  if (chosen === 'Plain Text') return { ok: true, body: text };
  if (chosen === 'Form Data') {
    if (type.startsWith('multipart/')) return { ok: false, message: 'Multipart bodies are not read: send the form urlencoded, or JSON' };
    const fields: Record<string, JsonValue> = {};
    for (const [name, value] of new URLSearchParams(text)) {
      const earlier = fields[name];
      fields[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
    }
    return { ok: true, body: fields };
  }
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(text) as JsonValue;
  } catch (error) {
    return { ok: false, message: `The body is not JSON: ${(error as Error).message}` };
  }
  return jsonDepthExceeds(parsed) ? { ok: false, message: `The body nests deeper than ${MAX_JSON_DEPTH} levels` } : { ok: true, body: parsed };
}

function detect(type: string): Exclude<HookPlan['dataFormat'], 'Auto-detect'> {
  if (type === 'application/json' || type.endsWith('+json')) return 'JSON';
  if (type === 'application/x-www-form-urlencoded' || type.startsWith('multipart/')) return 'Form Data';
  if (type.startsWith('text/') || type.endsWith('/xml') || type.endsWith('+xml') || type === '') return 'Plain Text';
  return 'Binary';
}
