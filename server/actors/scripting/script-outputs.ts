import { type ActorContext, type JsonValue } from '../../engine';

/** One value a script sent, on the port it named. */
export interface ScriptOutput {
  port: string;
  value: JsonValue;
}

/**
 * Port names the IDE's AI orchestrator writes in the scripts it generates (`send_output('output', x)`), read as
 * the script actors' own ports.
 */
export const SCRIPT_PORT_ALIASES: Readonly<Record<string, string>> = Object.freeze({ output: 'result-out', error: 'error-out' });

/**
 * What a firing sends: the `send_output` values in order, then the returned value on the result port, unless
 * the script sent anything itself. Scripts in the orchestrator's contract answer through `send_output` and
 * return a status, which is not a packet; scripts in the templates' contract only return.
 */
export function firingOutputs(sent: readonly ScriptOutput[], returned: { value: JsonValue } | undefined, resultPort: string): ScriptOutput[] {
  return returned === undefined || sent.length > 0 ? [...sent] : [{ port: resultPort, value: returned.value }];
}

/** Names the output ports a script may send on, for its error messages. */
function unknownPortMessage(port: string, ports: readonly string[]): string {
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
