import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The project's folder: the nearest one above this file holding package.json (the scripts also run compiled, from dist-bench/). */
function projectRoot(): string {
  let dir = __dirname;
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** The file every benchmark writes its section of. */
export const BENCHMARKS_FILE = path.join(projectRoot(), 'docs', 'benchmarks.md');

/** One line of the report table. */
export interface BenchRow {
  measure: string;
  result: string;
  baseline?: string;
  ratio?: string;
}

/** The machine the numbers were taken on. */
export function machineLine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  return `${model}, ${cpus.length} cores, Node ${process.version}, ${os.platform()} ${os.arch()}`;
}

/**
 * A section of docs/benchmarks.md: its title, the script that measured it, the table and notes. `command`,
 * when given, is the npm script that runs it and writes the section.
 */
export function benchSection(title: string, script: string, rows: readonly BenchRow[], notes: readonly string[], date: Date, command?: string): string {
  const table = [
    '| Measure | Result | Baseline (same run) | Ratio |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.measure} | ${row.result} | ${row.baseline ?? ''} | ${row.ratio ?? ''} |`),
  ];
  return [
    `## ${title}`,
    '',
    `Measured by \`${script}\` on ${date.toISOString().slice(0, 10)}: ${machineLine()}.`,
    command === undefined
      ? `Run it with \`node --no-node-snapshot --require tsx/cjs ${script}\` (add \`--write\` to update this section).`
      : `Run it with \`${command}\`, which writes this section.`,
    '',
    ...table,
    '',
    ...notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}

/** Replaces (or appends) the `## <title>` section of a Markdown file, leaving every other section as it was. */
export function writeSection(file: string, title: string, section: string): void {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nEach section is written by its benchmark script.\n';
  const lines = current.split('\n');
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start === -1) {
    writeFileSync(file, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  let end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  if (end === -1) end = lines.length;
  const before = lines.slice(0, start).join('\n').trimEnd();
  const after = lines.slice(end).join('\n').trim();
  writeFileSync(file, `${before}\n\n${section}${after === '' ? '' : `\n${after}\n`}`);
}

/** The median of some measurements. */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The `p`th percentile of some measurements (the nearest rank at or below; 0 when there are none). */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/** Things per second, from a count and the milliseconds they took. */
export const rate = (count: number, ms: number): number => (count / ms) * 1000;

/** A whole number with thousands separators (`12,345`). */
export const fmt = (value: number): string => Math.round(value).toLocaleString('en-US');
