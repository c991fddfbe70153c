import { type DeploymentRecord } from './deployment-record';
import { type TriggerPlan } from './deployment-plan';

/**
 * Names a tick of a trigger alike on every node of a cluster, each of which arms the trigger. A cron tick's time
 * does: cron times are absolute. An interval trigger's ticks are counted from when each node armed it (or from
 * its last tick as that node knew it), so they fall a few milliseconds apart from node to node, and their times
 * would be claimed once per node: its key is the number of intervals from the deployment's creation (which every
 * node reads from the store), rounded, so that nodes agree while their ticks are less than half an interval
 * apart. Counting from the creation, rather than from 0, puts the ticks near whole numbers, far from the rounding
 * boundary, whatever the interval. A deployment changed in place counts from the change, and its keys name the
 * change, so that they never meet the keys its earlier workflow claimed.
 */
export function tickKey(record: DeploymentRecord, trigger: TriggerPlan, at: number): string {
  if (trigger.type === 'cron') return String(at);
  const index = Math.round((at - (record.revisedAt ?? record.createdAt)) / trigger.intervalMs);
  return record.revisedAt === undefined ? String(index) : `${record.revisedAt}+${index}`;
}
