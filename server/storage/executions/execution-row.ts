import { type ExecutionRecord } from '../../executions';
import { type ExecutionStatus } from '../../../model';

/**
 * A row of the `executions` table, as the SQLite and the PostgreSQL stores read it: both lay the table out alike,
 * and both read its integer columns (SQLite INTEGER, PostgreSQL BIGINT) as numbers.
 */
export interface ExecutionRow {
  id: string;
  status: ExecutionStatus;
  workflow_id: string;
  source: string;
  deployment_id: string | null;
  tenant: string | null;
  node_id: string | null;
  fingerprint: string;
  request: string;
  result: string | null;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
}

/** The record a row holds, a new object each time. */
export function toRecord(row: ExecutionRow): ExecutionRecord {
  return {
    id: row.id,
    status: row.status,
    workflowId: row.workflow_id,
    source: row.source,
    ...(row.deployment_id === null ? {} : { deploymentId: row.deployment_id }),
    ...(row.tenant === null ? {} : { tenant: row.tenant }),
    nodeId: row.node_id,
    fingerprint: row.fingerprint,
    request: JSON.parse(row.request) as ExecutionRecord['request'],
    result: row.result === null ? null : (JSON.parse(row.result) as ExecutionRecord['result']),
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}
