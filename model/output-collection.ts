import { z } from 'zod';

/** What an output of a run holds: the last packet that reached it (the default), or every packet in order. */
export const CollectModeSchema = z.enum(['last', 'all']);

/**
 * Which outputs of a run keep every packet: `"all"` for every output, or a mode per output name (names left out
 * keep their last packet).
 */
export const CollectSchema = z
  .union([CollectModeSchema, z.record(z.string().min(1), CollectModeSchema)], {
    errorMap: () => ({ message: 'Expected "last", "all", or an object that maps output names to "last" or "all"' }),
  })
  .describe(
    'Which outputs keep every packet: "last" (the default: each output is the last packet that reached it), "all" (each output is the array of every packet sent to it, in order), or an object naming outputs, each "last" or "all"',
  );

/** Which outputs of a run keep every packet, as a request gives it. */
export type Collect = z.infer<typeof CollectSchema>;

/** Whether the output `name` keeps every packet under `collect`. */
export function collectsAll(collect: Collect | undefined, name: string): boolean {
  if (collect === undefined || collect === 'last') return false;
  return collect === 'all' || (Object.hasOwn(collect, name) && collect[name] === 'all');
}
