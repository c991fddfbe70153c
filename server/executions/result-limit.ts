import { type RunResult } from '../../model';

/**
 * The result with every output larger than `maxBytes` (as JSON, in UTF-8) replaced by a marker text that
 * says how large it was: a run that produced a huge value still completes, and its record stays small.
 */
export function limitOutputs(result: RunResult, maxBytes: number): RunResult {
  let outputs: RunResult['outputs'] | undefined;
  for (const [name, value] of Object.entries(result.outputs)) {
    const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
    if (bytes <= maxBytes) continue;
    outputs ??= { ...result.outputs };
    outputs[name] = `[output of ${bytes} bytes left out: larger than max_result_bytes (${maxBytes})]`;
  }
  return outputs === undefined ? result : { ...result, outputs };
}
