import { type JsonValue } from '../../engine';
import { clipVendorText as clip } from '../shared';

function field(value: JsonValue | undefined, key: string): JsonValue | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value[key] : undefined;
}

function firstText(...values: (JsonValue | undefined)[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/**
 * The message a vendor put in an error answer, read from the shapes the messaging vendors use: Twilio,
 * LinkedIn, Discord, Mailgun and SES `{message}`, the Graph API `{error: {message}}`, SendGrid
 * `{errors: [{message}]}`, X `{detail}` or `{errors: [{message}]}`, Slack's plain text (`invalid_payload`).
 */
export function vendorMessage(body: JsonValue): string | undefined {
  if (typeof body === 'string') return body.trim() === '' ? undefined : clip(body);
  const error = field(body, 'error');
  const errors = field(body, 'errors');
  const first = Array.isArray(errors) ? errors[0] : undefined;
  const text = firstText(
    field(body, 'detail'),
    field(body, 'message'),
    field(error, 'message'),
    error,
    field(first, 'message'),
    field(first, 'detail'),
    field(body, 'error_description'),
    field(body, 'title'),
  );
  return text === undefined ? undefined : clip(text);
}

/** The vendor's error code, when its answer has one (`21211`, `190`, `rate_limited`). */
export function vendorCode(body: JsonValue): string | undefined {
  const errors = field(body, 'errors');
  const code = [field(body, 'code'), field(field(body, 'error'), 'code'), Array.isArray(errors) ? field(errors[0], 'code') : undefined].find(
    (value) => typeof value === 'string' || typeof value === 'number',
  );
  return code === undefined ? undefined : String(code);
}
