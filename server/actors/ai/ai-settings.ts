import { z } from 'zod';
import { numberSetting, optionalText, textSetting } from '../shared';
import { httpUrlProblem } from '../network/http-url';
import { type AiVendor, VENDOR_BASE_URLS } from './ai-actor-options';

/** The longest a node's `timeout` may ask for: one hour. */
const MAX_AI_TIMEOUT_MS = 3_600_000;

/** The API key setting: the key itself or, better, a `${secret:NAME}` reference; unset, the first configured named secret. */
export function apiKeySetting(secretNames: readonly string[]) {
  return optionalText(`API key, best written as \${secret:NAME}; when unset, the secret ${secretNames.join(' or ')}`);
}

/** A base URL setting: an http(s) URL replacing the vendor's address (checked when the graph is validated). */
export function baseUrlSetting(vendor: AiVendor) {
  return textSetting(
    `Base URL of the ${vendor} API, replacing the server's ai_endpoints entry and ${VENDOR_BASE_URLS[vendor]}`,
    z
      .string()
      .trim()
      .superRefine((text, ctx) => {
        const problem = text.includes('${') ? undefined : httpUrlProblem(text);
        if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      })
      .optional(),
  );
}

/** The time limit of a whole call, retries and a streamed answer included. */
export function timeoutSetting(description: string, defaultMs: number) {
  return numberSetting(description, z.number().int().min(1).max(MAX_AI_TIMEOUT_MS).default(defaultMs));
}

/** The settings every vendor node has: `apiKey`, `baseUrl` and `timeout` (2 minutes by default). */
export function vendorSettings(vendor: AiVendor, secretNames: readonly string[]) {
  return {
    apiKey: apiKeySetting(secretNames),
    baseUrl: baseUrlSetting(vendor),
    timeout: timeoutSetting('Time limit of the call in milliseconds, retries and a streamed answer included', 120_000),
  };
}

/** A sampling temperature between 0 and `max`. */
export function temperatureSetting(max: number, defaultValue: number) {
  return numberSetting(`Sampling temperature, 0 to ${max}`, z.number().min(0).max(max).default(defaultValue));
}

/** The most tokens the answer may have. */
export function maxTokensSetting(defaultValue: number) {
  return numberSetting('The most tokens the answer may have', z.number().int().min(1).max(1_000_000).default(defaultValue));
}

/** A vendor model id that replaces the template's `model` choice, for models its list does not have. */
export function modelIdSetting() {
  return optionalText("The vendor's model id, used instead of model (for models the list does not have)");
}
