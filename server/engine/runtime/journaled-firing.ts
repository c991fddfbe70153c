import { type AnyActorDefinition } from '../sdk/actor-definition';
import { ActorError, errorMessage } from '../sdk/actor-error';
import { type FiringContext } from './actor-context-factory';
import { type FiringOutcome, type RecordedSend } from './firing-journal';
import { type JsonValue } from '../../../model';

/** Why a run fails that stopped during a firing whose effect must not repeat, and that has no retry policy. */
export const INTERRUPTED_EFFECT = 'interrupted during a side effect that is not repeated automatically';

/** What a firing calls: the actor's `fire`, or the replay of a recorded firing. */
export type Fire = (ctx: FiringContext) => void | Promise<void>;

/** A firing that is under way, kept for its next attempt when it fails under a retry policy. */
export interface FiringUnderWay {
  readonly inputs: Record<string, JsonValue>;
  readonly fire: Fire;
  attempt: number;
  /** Its number in the run's journal, when the node is journaled. */
  readonly journalNumber?: number;
  /** Whether the firing replays what the journal recorded, rather than calling the actor. */
  readonly replay: boolean;
}

/** Whether a durable run journals the firings of an actor: every actor but the pure ones. */
export function isJournaled(definition: AnyActorDefinition): boolean {
  return definition.effects !== 'none';
}

/** Whether one firing's effect may be made again: decided by the actor from its configuration and inputs. */
export function isRepeatable(definition: AnyActorDefinition, config: unknown, inputs: Readonly<Record<string, JsonValue>>): boolean {
  const effects = definition.effects ?? 'once';
  return (typeof effects === 'function' ? effects(config, inputs) : effects) !== 'once';
}

/** What a journaled firing did: the packets it sent in order, and the error it failed with, if it failed. */
export function outcomeOf(sends: RecordedSend[], error: unknown): FiringOutcome {
  if (error === undefined) return { sends };
  return { sends, error: { message: errorMessage(error), details: error instanceof ActorError ? error.details : {} } };
}

/**
 * The firing that stands in for one the journal recorded: it sends the recorded packets again, in order and with
 * the same backpressure, and fails with the recorded error, so that everything downstream sees what it saw then.
 */
export function replayOf(outcome: FiringOutcome): (ctx: FiringContext) => Promise<void> {
  return async (ctx) => {
    for (const sent of outcome.sends) {
      if ('port' in sent) await ctx.send(sent.port, sent.packet, sent.grouping);
      else await ctx.graphOutput(sent.output, sent.packet as JsonValue);
    }
    if (outcome.error !== undefined) throw new ActorError(outcome.error.message, outcome.error.details);
  };
}
