/**
 * Tells why a number is out of its bounds (naming the broken rule), or undefined when it is within them.
 * @example rangeProblem('Number input', 5, 10, undefined) // "Number input breaks min: 5 is below 10"
 */
export function rangeProblem(what: string, value: number, min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && value < min) return `${what} breaks min: ${value} is below ${min}`;
  if (max !== undefined && value > max) return `${what} breaks max: ${value} is above ${max}`;
  return undefined;
}

/** A zod refinement for a config with optional `min` and `max`: min may not exceed max. */
export function minNotAboveMax(
  config: { min?: number; max?: number },
  ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void },
): void {
  if (config.min !== undefined && config.max !== undefined && config.min > config.max) {
    ctx.addIssue({ code: 'custom', path: ['max'], message: `must not be below min (${config.min})` });
  }
}
