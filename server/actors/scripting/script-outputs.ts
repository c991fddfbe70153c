import { type ActorContext, type JsonValue } from '../../engine';

/** One value a script sent, on the port it named. */
export interface ScriptOutput {
  port: string;
  value: JsonValue;
}

/** Names the output ports a script may send on, for its error messages. */
export function unknownPortMessage(port: string, ports: readonly string[]): string {
  return `send_output: unknown output port '${port}'; the outputs are ${ports.join(', ')}`;
}

/**
 * Sends what a script produced, in order, on the actor's output ports.
 * @throws Error naming the port when a script named one the actor does not have.
 */
export async function sendScriptOutputs<O extends string>(
  ctx: Pick<ActorContext<unknown, string, O, unknown>, 'send'>,
  ports: readonly O[],
  outputs: readonly ScriptOutput[],
): Promise<void> {
  const known = new Set<string>(ports);
  const unknown = outputs.find((output) => !known.has(output.port));
  if (unknown !== undefined) throw new Error(unknownPortMessage(unknown.port, ports));
  for (const output of outputs) await ctx.send(output.port as O, output.value);
}
