import { type JsonObject, type JsonValue } from '../../engine';

/** The part of an actor context that reporting needs. */
export interface ProblemChannel<P extends string> {
  isConnected(port: P): boolean;
  send(port: P, value: JsonValue): Promise<void>;
}

/** A problem to report: a message and any JSON details (undefined ones are left out). */
export type Problem = { message: string } & { [key: string]: JsonValue | undefined };

/**
 * Sends a problem on an errors port when it is connected; otherwise throws it, so that the run reports it
 * (an unhandled problem must not vanish).
 */
export async function reportProblem<P extends string>(ctx: ProblemChannel<P>, port: P, problem: Problem): Promise<void> {
  if (!ctx.isConnected(port)) throw new Error(problem.message);
  const packet: JsonObject = {};
  for (const [key, value] of Object.entries(problem)) if (value !== undefined) packet[key] = value;
  await ctx.send(port, packet);
}
