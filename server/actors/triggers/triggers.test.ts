import { cronTriggerActor, intervalTriggerActor } from '.';
import { runFlow } from '../../../test/support/kits';

const triggers = [intervalTriggerActor, cronTriggerActor];
const graph = {
  processes: {
    every: { component: 'tpl_interval_trigger' },
    hourly: { component: 'tpl_cron_trigger', metadata: { config: { commonSchedules: 'Every 15 minutes' } } },
  },
  collect: ['every.trigger-out', 'hourly.trigger-out'],
};

describe('trigger nodes', () => {
  it('emit their payload once in a one-off run, placeholders filled in and read as JSON', async () => {
    const { received } = await runFlow(triggers, graph);
    expect(received['every.trigger-out']).toEqual([{ timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), execution: '1' }]);
    expect(received['hourly.trigger-out']).toEqual([{ timestamp: expect.any(String), schedule: '*/15 * * * *' }]);
  });

  it('emit only the tick a deployment started the run for, with its time and count', async () => {
    const { received } = await runFlow(triggers, graph, {
      metadata: { trigger: { node_id: 'hourly', timestamp: '2026-11-24T06:15:00.000Z', execution_count: 7 } },
    });
    expect(received).toEqual({ 'hourly.trigger-out': [{ timestamp: '2026-11-24T06:15:00.000Z', schedule: '*/15 * * * *' }] });
  });

  it('send a payload that is not JSON as text', async () => {
    const { received } = await runFlow(triggers, {
      processes: { t: { component: 'tpl_interval_trigger', metadata: { config: { payload: 'tick ${executionCount}' } } } },
      collect: ['t.trigger-out'],
    });
    expect(received['t.trigger-out']).toEqual(['tick 1']);
  });

  it('refuse a cron expression croner cannot read, and an interval under a second, before the run', async () => {
    await expect(
      runFlow(triggers, { processes: { c: { component: 'tpl_cron_trigger', metadata: { config: { cronExpression: 'every day' } } } } }),
    ).rejects.toThrow(/config 'cronExpression': is not a cron expression/);
    await expect(runFlow(triggers, { processes: { i: { component: 'tpl_interval_trigger', metadata: { config: { interval: 5 } } } } })).rejects.toThrow(
      /config 'interval'/,
    );
  });
});
