/** The five summary statistics of a list of numbers; each is null when it is undefined for the list. */
export interface SummaryStatistics {
  mean: number | null;
  median: number | null;
  /** The most frequent value; the smallest of them on a tie. */
  mode: number | null;
  variance: number | null;
  std: number | null;
}

/** The arithmetic mean of a list of numbers, or null for an empty list. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

function median(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function mode(sorted: readonly number[]): number | null {
  let best: number | null = null;
  let bestCount = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    if (j - i > bestCount) [best, bestCount] = [sorted[i], j - i];
    i = j;
  }
  return best;
}

/**
 * Mean, median, mode, variance and standard deviation of a list of numbers. With `sampleCorrection` the
 * variance divides by n - 1 (sample), else by n (population); a sample of one has no variance (null).
 */
export function summaryStatistics(values: readonly number[], sampleCorrection: boolean): SummaryStatistics {
  const average = mean(values);
  const sorted = [...values].sort((a, b) => a - b);
  const divisor = sampleCorrection ? values.length - 1 : values.length;
  let variance: number | null = null;
  if (average !== null && divisor > 0) {
    let squares = 0;
    for (const value of values) squares += (value - average) ** 2;
    variance = squares / divisor;
  }
  return { mean: average, median: median(sorted), mode: mode(sorted), variance, std: variance === null ? null : Math.sqrt(variance) };
}
