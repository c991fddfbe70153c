import { Cron } from 'croner';
import { type TriggerState } from './deployment-record';
import { type TriggerPlan } from './deployment-plan';

/** The croner time zone of a trigger's setting: `Local` is the server's own. */
function cronZone(timezone: string): string | undefined {
  return timezone === 'Local' ? undefined : timezone;
}

/** Whether a trigger has started all the runs its `maxExecutions` allows. */
export function isExhausted(plan: TriggerPlan, state: TriggerState): boolean {
  return plan.maxExecutions > 0 && state.executionsStarted >= plan.maxExecutions;
}

/**
 * Computes the tick times of one trigger. Interval triggers keep their phase: the tick after `lastTickAt` is one
 * interval later, and ticks that fell while the service was down are passed over (see {@link missedTick}).
 */
export class TriggerClock {
  private readonly cron: Cron | undefined;

  constructor(private readonly plan: TriggerPlan) {
    this.cron = plan.type === 'cron' ? new Cron(plan.schedule, { timezone: cronZone(plan.timezone), paused: true }) : undefined;
  }

  /**
   * The next tick strictly after `now` (or at `now` for an interval trigger's first, immediate tick), or
   * undefined when the trigger is exhausted. `armedAt` is when the trigger was deployed or the service started.
   */
  next(state: TriggerState, now: number, armedAt: number): number | undefined {
    return this.upcoming(state, now, armedAt, 1)[0];
  }

  /** The next `count` ticks, fewer when `maxExecutions` leaves fewer. */
  upcoming(state: TriggerState, now: number, armedAt: number, count: number): number[] {
    const left = this.plan.maxExecutions > 0 ? Math.max(0, this.plan.maxExecutions - state.executionsStarted) : count;
    const wanted = Math.min(count, left);
    if (wanted === 0) return [];
    const { plan } = this;
    if (plan.type === 'cron') return (this.cron as Cron).nextRuns(wanted, new Date(now)).map((date) => date.getTime());
    let first: number;
    if (state.lastTickAt === null) first = plan.startImmediately ? Math.max(now, armedAt) : armedAt + plan.intervalMs;
    else first = state.lastTickAt + plan.intervalMs * Math.max(1, Math.ceil((now - state.lastTickAt) / plan.intervalMs));
    return Array.from({ length: wanted }, (_, i) => first + i * plan.intervalMs);
  }

  /** The latest tick that fell after `since` and before `now`, or undefined when none did: what a catch-up run stands for. */
  missedTick(since: number, now: number): number | undefined {
    const { plan } = this;
    if (plan.type === 'interval') {
      const due = since + plan.intervalMs;
      return due < now ? since + plan.intervalMs * Math.floor((now - since) / plan.intervalMs) : undefined;
    }
    let latest: number | undefined;
    for (let at = (this.cron as Cron).nextRun(new Date(since)); at !== null && at.getTime() < now; at = (this.cron as Cron).nextRun(at)) latest = at.getTime();
    return latest;
  }
}
