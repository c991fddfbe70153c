import { createActorCatalogue } from '../actors';
import { ExecutionService } from '../executions';
import { MemoryDeploymentStore, MemoryExecutionStore } from '../storage';
import { type DeploymentRecord } from './deployment-record';
import { DeploymentService } from './deployment-service';
import { HookAnswers } from './hook-answers';

const NOW = Date.parse('2026-11-24T12:00:30.500Z');
const catalogue = createActorCatalogue();

/** A deployment whose every-10-seconds cron trigger last ticked at 11:59:00, a minute and a half before NOW. */
function stoppedDeployment(): DeploymentRecord {
  const graph = { processes: { tick: { component: 'tpl_cron_trigger', metadata: { config: { cronExpression: '*/10 * * * * *' } } } }, connections: [] };
  return {
    id: 'every-ten',
    request: { name: 'every-ten', graph_json: graph, input: {} },
    createdAt: Date.parse('2026-11-24T11:50:00Z'),
    triggers: { tick: { executionsStarted: 3, ticksSkipped: 0, lastTickAt: Date.parse('2026-11-24T11:59:00Z'), lastExecutionId: null } },
  };
}

async function restoreAt(catchUp: boolean) {
  const store = new MemoryDeploymentStore();
  store.insert(stoppedDeployment());
  const executions = new ExecutionService({ catalogue, store: new MemoryExecutionStore(), now: () => NOW });
  const deployments = new DeploymentService({
    store,
    executions,
    catalogue,
    secret: () => undefined,
    answers: new HookAnswers(),
    now: () => NOW,
    catchUpMissedTicks: catchUp,
  });
  deployments.restore();
  // A catch-up tick starts its run asynchronously (it reads the trigger's previous run first).
  await new Promise((resolve) => setTimeout(resolve, 50));
  const runs = (await executions.list({ limit: 100 })).items;
  const trigger = deployments.list()[0]?.triggers[0];
  deployments.stop();
  return { runs, trigger, store };
}

describe('ticks missed while the service was down', () => {
  it('are not replayed: the trigger waits for its next time', async () => {
    const { runs, trigger } = await restoreAt(false);
    expect(runs).toEqual([]);
    expect(trigger).toMatchObject({ executions_started: 3, next_ticks: ['2026-11-24T12:00:40.000Z', '2026-11-24T12:00:50.000Z', '2026-11-24T12:01:00.000Z'] });
  });

  it('are stood for by one run, with the time of the latest of them, when catching up is configured', async () => {
    const { runs, trigger, store } = await restoreAt(true);
    expect(runs).toHaveLength(1);
    expect(runs[0].request.metadata).toMatchObject({
      deployment_id: 'every-ten',
      trigger: { node_id: 'tick', timestamp: '2026-11-24T12:00:30.000Z', execution_count: 4 },
    });
    expect(trigger).toMatchObject({ executions_started: 4, last_tick_at: '2026-11-24T12:00:30.000Z', last_execution_id: runs[0].id });
    expect(store.get('every-ten')!.triggers.tick.executionsStarted).toBe(4);
  });
});
