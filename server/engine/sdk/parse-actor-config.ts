import { type ZodIssue } from 'zod';
import { type AnyActorDefinition } from './actor-definition';
import { errorMessage } from './actor-error';

/** The outcome of parsing a node's merged configuration with its actor's schema. */
export type ActorConfigOutcome = { ok: true; config: unknown } | { ok: false; problems: ActorConfigProblem[] };

/** One reason a configuration was rejected: the key (dotted, `''` for the whole object) and a sentence naming it. */
export interface ActorConfigProblem {
  readonly key: string;
  readonly message: string;
}

/**
 * Parses a merged configuration with an actor's schema; each problem names its key (`config 'url' is required`).
 * A schema whose refinement or transform throws is reported as a problem too, never thrown.
 */
export function parseActorConfig(definition: AnyActorDefinition, config: unknown): ActorConfigOutcome {
  let parsed: ReturnType<AnyActorDefinition['config']['safeParse']>;
  try {
    parsed = definition.config.safeParse(config);
  } catch (error) {
    return { ok: false, problems: [{ key: '', message: `config: ${errorMessage(error)}` }] };
  }
  if (parsed.success) return { ok: true, config: parsed.data };
  return { ok: false, problems: parsed.error.issues.map(describeConfigIssue) };
}

function describeConfigIssue(issue: ZodIssue): ActorConfigProblem {
  const key = issue.path.join('.');
  if (key === '') return { key, message: `config: ${issue.message}` };
  if (issue.code === 'invalid_type' && issue.received === 'undefined') return { key, message: `config '${key}' is required` };
  return { key, message: `config '${key}': ${issue.message}` };
}
