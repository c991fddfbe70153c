import { type JsonObject, type JsonValue, isJsonObject } from '../../engine';
import { jsonOrText } from '../shared';

/** The time zones the trigger templates offer; `Local` is the server's own. */
export const TRIGGER_TIME_ZONES = ['UTC', 'Local', 'America/New_York', 'Europe/London', 'Asia/Tokyo'] as const;

/** One tick of a trigger: when it fired and how many ticks came before it, plus the cron expression for cron triggers. */
interface TriggerTick {
  readonly timestamp: string;
  readonly executionCount: number;
  readonly schedule?: string;
}

/**
 * The tick a trigger node emits in this run, or undefined when it emits nothing. A run a deployment started
 * for a tick names the trigger node in `metadata.trigger` (`{node_id, timestamp, execution_count}`): that node
 * emits the tick and the other trigger nodes of the graph stay silent. Any other run (a one-off start) is the
 * first tick of every trigger node, so a workflow with a trigger still runs headless.
 */
function tickOf(nodeId: string, metadata: JsonObject, now: () => number = Date.now): TriggerTick | undefined {
  const trigger = metadata.trigger;
  if (!isJsonObject(trigger) || typeof trigger.node_id !== 'string') return { timestamp: new Date(now()).toISOString(), executionCount: 1 };
  if (trigger.node_id !== nodeId) return undefined;
  return {
    timestamp: typeof trigger.timestamp === 'string' ? trigger.timestamp : new Date(now()).toISOString(),
    executionCount: typeof trigger.execution_count === 'number' ? trigger.execution_count : 1,
  };
}

/**
 * The packet of a tick: the `payload` template with `${timestamp}`, `${executionCount}` and `${schedule}` filled
 * in, read as JSON when it is JSON (the templates' defaults are), else sent as text.
 */
function tickPayload(template: string, tick: TriggerTick): JsonValue {
  const values: Record<string, string> = { timestamp: tick.timestamp, executionCount: String(tick.executionCount), schedule: tick.schedule ?? '' };
  return jsonOrText(template.replace(/\$\{(timestamp|executionCount|schedule)\}/g, (_, name: string) => values[name]));
}

/** What a trigger node sends in this run: the payload of its tick (see {@link tickOf}), or undefined when it stays silent. */
export function tickPacket(
  node: { readonly id: string },
  execution: { readonly metadata: JsonObject },
  payload: string,
  schedule?: string,
): JsonValue | undefined {
  const tick = tickOf(node.id, execution.metadata);
  return tick === undefined ? undefined : tickPayload(payload, { ...tick, schedule });
}
