import { type components } from '../client';
import { terminalText } from './terminal-text';

/** An execution as a row of the list shows it: the service's execution summary. */
export type ExecutionRow = components['schemas']['ExecutionSummary'];

const HEADERS = ['ID', 'STATUS', 'WORKFLOW', 'NAME', 'SOURCE', 'CREATED', 'DURATION'] as const;

/** How long a run took (`1.25 s`), or `-` while it has not ended. */
function duration(row: ExecutionRow): string {
  if (row.started_at === null || row.ended_at === null) return '-';
  const ms = Date.parse(row.ended_at) - Date.parse(row.started_at);
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** The executions as a plain-text table (the workflow's name beside its id, `-` when it has none), columns padded to their widest cell, control characters shown as escapes; `No executions` for none. */
export function executionTable(rows: readonly ExecutionRow[]): string {
  if (rows.length === 0) return 'No executions\n';
  const cells = rows.map((row) => [row.id, row.status, row.workflow_id, row.workflow_name ?? '-', row.source, row.created_at, duration(row)].map(terminalText));
  const widths = HEADERS.map((header, column) => Math.max(header.length, ...cells.map((line) => line[column].length)));
  const format = (line: readonly string[]) =>
    line
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd();
  return [format(HEADERS), ...cells.map(format)].join('\n') + '\n';
}
