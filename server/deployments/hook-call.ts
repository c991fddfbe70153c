import { type JsonObject } from '../../model';
import { type HookOutcome } from './hook-answers';
import { type RequestHeaders } from './hook-auth';

/** An HTTP request to a deployment's hook, as the transport read it. */
export interface HookCall {
  readonly method: string;
  /** The path under `/hooks/{deployment}`. */
  readonly path: string;
  readonly query: JsonObject;
  readonly headers: RequestHeaders;
  readonly body: Buffer;
}

/** What a hook call gives back: the execution it started and how its request was settled. */
export interface HookCallOutcome {
  readonly executionId: string;
  readonly outcome: HookOutcome;
  /** Whether the run is being cancelled because its caller stopped waiting (timed out or gone). */
  readonly cancelled: boolean;
}
