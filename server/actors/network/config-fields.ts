import { z } from 'zod';

/** The IDE sends `""` for a text property the user never set: such a value counts as unset. */
function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

function toNumberInput(value: unknown): unknown {
  const unset = blankToUndefined(value);
  if (typeof unset !== 'string') return unset;
  const number = Number(unset);
  return Number.isFinite(number) ? number : unset;
}

function toBooleanInput(value: unknown): unknown {
  const unset = blankToUndefined(value);
  if (typeof unset !== 'string') return unset;
  const text = unset.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : unset;
}

/** A required text property: blank or absent is reported as `config 'key' is required`; the value is trimmed. */
export function requiredText() {
  return z.preprocess(blankToUndefined, z.string().transform((text) => text.trim()));
}

/** An optional text property with a default that also replaces a blank value. */
export function optionalText(fallback: string) {
  return z.preprocess(blankToUndefined, z.string().default(fallback));
}

/** An integer property in `[min, max]` that also accepts a numeric string; blank or absent takes the default. */
export function integerField(fallback: number, min: number, max: number) {
  return z.preprocess(toNumberInput, z.number().int().min(min).max(max).default(fallback));
}

/** A boolean property that also accepts `"true"` / `"false"`; blank or absent takes the default. */
export function booleanField(fallback: boolean) {
  return z.preprocess(toBooleanInput, z.boolean().default(fallback));
}

/** A select property: one of `options`, matched ignoring case; blank or absent takes the default. */
export function choiceField<T extends string>(options: readonly [T, ...T[]], fallback: T) {
  const canonical = (value: unknown): unknown => {
    const unset = blankToUndefined(value);
    if (typeof unset !== 'string') return unset;
    return options.find((option) => option.toLowerCase() === unset.trim().toLowerCase()) ?? unset;
  };
  return z.preprocess(canonical, z.enum(options).default(fallback));
}
