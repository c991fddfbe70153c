import { type AnyActorDefinition } from '../../engine';
import { cronTriggerActor } from './cron-trigger-actor';
import { intervalTriggerActor } from './interval-trigger-actor';

/** The trigger family of the catalogue: interval and cron triggers. */
export const triggerActors: readonly AnyActorDefinition[] = [intervalTriggerActor, cronTriggerActor];
export { cronTriggerActor, CronTriggerConfigSchema } from './cron-trigger-actor';
export { intervalTriggerActor, IntervalTriggerConfigSchema } from './interval-trigger-actor';
