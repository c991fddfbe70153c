import { z } from 'zod';
import { defineActor } from '../../engine';
import { booleanSetting, choiceSetting, numberSetting, textSetting } from '../shared';
import { TRIGGER_TIME_ZONES, tickPacket } from './trigger-tick';

/** The `tpl_interval_trigger` properties. `interval` is in milliseconds, as the IDE labels it; `intervalUnit` is how the IDE shows it. */
export const IntervalTriggerConfigSchema = z.object({
  interval: numberSetting(
    'Milliseconds between two ticks',
    z
      .number()
      .int()
      .min(1000)
      .max(365 * 86_400_000)
      .default(60_000),
  ),
  intervalUnit: choiceSetting('The unit the IDE shows the interval in', ['seconds', 'minutes', 'hours', 'days'], 'minutes'),
  startImmediately: booleanSetting('A deployment ticks once when it starts, then every interval', true),
  maxExecutions: numberSetting('Ticks a deployment runs at most; 0 is no limit', z.number().int().min(0).default(0)),
  timezone: choiceSetting('The time zone of the tick times', TRIGGER_TIME_ZONES, 'UTC'),
  payload: textSetting(
    'The packet of each tick; ${timestamp} and ${executionCount} are filled in',
    z.string().default('{\n  "timestamp": "${timestamp}",\n  "execution": "${executionCount}"\n}'),
  ),
});

/**
 * The `tpl_interval_trigger` actor: emits its payload on `trigger-out` for the tick that started the run (a
 * deployment's interval), or once when the workflow is started on its own.
 */
export const intervalTriggerActor = defineActor({
  id: 'tpl_interval_trigger',
  title: 'Interval Trigger',
  description: 'Starts the workflow every interval when deployed; emits its payload once in a one-off run.',
  inports: {},
  outports: { 'trigger-out': { type: 'all', description: 'The payload of the tick.' } },
  config: IntervalTriggerConfigSchema,
  // A run started on its own reads the clock for the tick's timestamp.
  effects: 'repeatable',
  fire: async ({ config, execution, node, send }) => {
    const packet = tickPacket(node, execution, config.payload);
    if (packet !== undefined) await send('trigger-out', packet);
  },
});
