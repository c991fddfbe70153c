import { Cron } from 'croner';
import { z } from 'zod';
import { defineActor } from '../../engine';
import { choiceSetting, numberSetting, textSetting } from '../shared';
import { TRIGGER_TIME_ZONES, tickPacket } from './trigger-tick';

/** The expressions of the template's `commonSchedules` presets; `Custom` uses `cronExpression`. */
export const COMMON_SCHEDULES = {
  Custom: undefined,
  'Every minute': '* * * * *',
  'Every 5 minutes': '*/5 * * * *',
  'Every 15 minutes': '*/15 * * * *',
  'Every 30 minutes': '*/30 * * * *',
  'Every hour': '0 * * * *',
  'Every day at midnight': '0 0 * * *',
  'Every Monday at 9 AM': '0 9 * * 1',
  'First day of month': '0 0 1 * *',
} as const;

/** Why a cron expression cannot run, or undefined when croner reads it. */
function cronProblem(expression: string): string | undefined {
  try {
    new Cron(expression, { paused: true }).stop();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The `tpl_cron_trigger` properties; a preset of `commonSchedules` other than Custom replaces the expression. */
export const CronTriggerConfigSchema = z
  .object({
    cronExpression: textSetting('Five to seven cron fields (seconds first when six or seven), read by croner', z.string().min(1).default('0 * * * *')),
    timezone: choiceSetting("The time zone the expression is read in; Local is the server's", TRIGGER_TIME_ZONES, 'UTC'),
    commonSchedules: choiceSetting(
      'A preset that replaces cronExpression, unless Custom',
      Object.keys(COMMON_SCHEDULES) as [keyof typeof COMMON_SCHEDULES, ...(keyof typeof COMMON_SCHEDULES)[]],
      'Custom',
    ),
    payload: textSetting(
      'The packet of each tick; ${timestamp}, ${executionCount} and ${schedule} are filled in',
      z.string().default('{\n  "timestamp": "${timestamp}",\n  "schedule": "${schedule}"\n}'),
    ),
    maxExecutions: numberSetting('Ticks a deployment runs at most; 0 is no limit', z.number().int().min(0).default(0)),
  })
  .transform((config) => ({ ...config, schedule: COMMON_SCHEDULES[config.commonSchedules] ?? config.cronExpression }))
  .superRefine((config, ctx) => {
    const problem = cronProblem(config.schedule);
    if (problem !== undefined) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['cronExpression'], message: `is not a cron expression: ${problem}` });
  });

/**
 * The `tpl_cron_trigger` actor: emits its payload on `trigger-out` for the tick that started the run (a
 * deployment's schedule), or once when the workflow is started on its own.
 */
export const cronTriggerActor = defineActor({
  id: 'tpl_cron_trigger',
  title: 'Cron Trigger',
  description: 'Starts the workflow on a cron schedule when deployed; emits its payload once in a one-off run.',
  inports: {},
  outports: { 'trigger-out': { type: 'all', description: 'The payload of the tick.' } },
  config: CronTriggerConfigSchema,
  // A run started on its own reads the clock for the tick's timestamp.
  effects: 'repeatable',
  fire: async ({ config, execution, node, send }) => {
    const packet = tickPacket(node, execution, config.payload, config.schedule);
    if (packet !== undefined) await send('trigger-out', packet);
  },
});
