import { type JsonObject, type JsonValue } from '../../engine';

/** The part of an actor context that reporting needs. */
export interface ProblemChannel<P extends string> {
  isConnected(port: P): boolean;
  send(port: P, value: JsonValue): Promise<void>;
}

/**
 * Sends a problem on an errors port when it is connected; otherwise throws it, so that the run reports it
 * (an unhandled problem must not vanish).
 */
export async function reportProblem<P extends string>(ctx: ProblemChannel<P>, port: P, problem: JsonObject & { message: string }): Promise<void> {
  if (!ctx.isConnected(port)) throw new Error(problem.message);
  await ctx.send(port, problem);
}
