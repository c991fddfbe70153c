import { type DeploymentRequest } from '../../model';

/** What a trigger of a deployment has done so far; kept in the store so that a restart keeps counting. */
export interface TriggerState {
  readonly executionsStarted: number;
  readonly ticksSkipped: number;
  /** Epoch ms of the last tick that started a run or was skipped; null before the first. */
  readonly lastTickAt: number | null;
  readonly lastExecutionId: string | null;
}

/** A stored deployment: the request as it was deployed and its triggers' state by node id. */
export interface DeploymentRecord {
  readonly id: string;
  readonly request: DeploymentRequest;
  /** Epoch ms. */
  readonly createdAt: number;
  readonly triggers: Readonly<Record<string, TriggerState>>;
}

/** The state of a trigger that has never ticked. */
export const FRESH_TRIGGER: TriggerState = { executionsStarted: 0, ticksSkipped: 0, lastTickAt: null, lastExecutionId: null };
