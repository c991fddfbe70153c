/** One sample of a Prometheus text exposition: metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads the samples of a Prometheus text exposition (comments and blank lines skipped). */
export function parsePrometheusText(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE.exec(line.trim());
    if (!match || line.startsWith('#')) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key, value]));
    return [{ name: match[1], labels, value: Number(match[3]) }];
  });
}

/** The value of the sample with this name whose labels include `labels`, or 0 when there is none yet. */
export function sampleValue(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));
  return found?.value ?? 0;
}
