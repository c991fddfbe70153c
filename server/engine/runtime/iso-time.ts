let lastMs = Number.NaN;
let lastText = '';

/**
 * `new Date(ms).toISOString()`, remembering the last answer: the start and end times of short runs mostly
 * fall in the same millisecond, and formatting a date costs more than the rest of a run's result.
 */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastText = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastText;
}
