import { type ExecutionStatus, isTerminalStatus } from '../../model';
import { isAppError } from '../errors';
import { type ExecutionService } from '../executions';
import { type Logger } from '../logger';

/** The status of an execution, or undefined when there is none (deleted meanwhile, or never stored). */
export async function statusOf(executions: ExecutionService, executionId: string): Promise<ExecutionStatus | undefined> {
  try {
    return (await executions.get(executionId)).status;
  } catch {
    return undefined;
  }
}

/**
 * Calls `ended` once, when a hook's run ends: the run keeps its deployment's place until then, whether or not its
 * caller still waits, and its end settles the request when the run ended without answering.
 */
export function followHookRun(executions: ExecutionService, executionId: string, ended: () => void): void {
  let done = false;
  const check = async (): Promise<void> => {
    const status = await statusOf(executions, executionId);
    if (done || status === undefined || !isTerminalStatus(status)) return;
    done = true;
    stopWatching();
    ended();
  };
  const stopWatching = executions.watch(executionId, () => void check());
  void check();
}

/** Cancels a hook's run whose caller stopped waiting, saying `why`; a run that ended on its own meanwhile is left as it is. */
export async function cancelUnanswered(executions: ExecutionService, logger: Logger, deploymentId: string, executionId: string, why: string): Promise<void> {
  try {
    await executions.cancel(executionId, `Cancelled: ${why}`);
    logger.info({ deployment: deploymentId, executionId }, `A hook's run was cancelled: ${why}`);
  } catch (error) {
    if (!isAppError(error) || error.code !== 'CONFLICT')
      logger.error({ err: error, deployment: deploymentId, executionId }, "A hook's run could not be cancelled");
  }
}
