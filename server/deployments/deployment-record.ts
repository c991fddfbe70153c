import { type DeploymentRequest } from '../../model';

/** What a trigger of a deployment has done so far; kept in the store so that a restart keeps counting. */
export interface TriggerState {
  readonly executionsStarted: number;
  readonly ticksSkipped: number;
  /** Epoch ms of the last tick that started a run or was skipped; null before the first. */
  readonly lastTickAt: number | null;
  readonly lastExecutionId: string | null;
}

/**
 * A stored deployment: the request as last deployed and its triggers' state by node id. `revisedAt` and `paused`
 * are absent until a change sets them (and in records stored before they existed).
 */
export interface DeploymentRecord {
  readonly id: string;
  readonly request: DeploymentRequest;
  /** Epoch ms. */
  readonly createdAt: number;
  /** Epoch ms of the last change of the request (`PATCH /deployments/{id}`): its triggers count from then. */
  readonly revisedAt?: number;
  /** Whether its triggers and hooks are stopped until it is resumed. */
  readonly paused?: boolean;
  /** The tenant of the token that created it, which the runs it starts belong to; absent for a caller of no tenant. */
  readonly tenant?: string;
  readonly triggers: Readonly<Record<string, TriggerState>>;
}

/**
 * A change of a stored deployment. A new `request` comes with its `revisedAt` and starts the triggers afresh
 * (their states are dropped); `paused` alone leaves the triggers' states as they are.
 */
export type DeploymentUpdate =
  { readonly request: DeploymentRequest; readonly revisedAt: number; readonly paused?: boolean } | { readonly request?: undefined; readonly paused: boolean };

/** The record as it is once `update` is applied. */
export function updatedRecord(record: DeploymentRecord, update: DeploymentUpdate): DeploymentRecord {
  const { paused: _paused, ...rest } = record;
  const paused = update.paused ?? record.paused;
  const withPause = { ...rest, ...(paused ? { paused: true } : {}) };
  return update.request === undefined ? withPause : { ...withPause, request: update.request, revisedAt: update.revisedAt, triggers: {} };
}

/** The state of a trigger that has never ticked. */
export const FRESH_TRIGGER: TriggerState = { executionsStarted: 0, ticksSkipped: 0, lastTickAt: null, lastExecutionId: null };
