import { z } from 'zod';
import { ActorError, type JsonObject } from '../../engine';
import { RuleSetSchema, type RuleSet, evaluateRuleSets } from '../shared';

/** The `responseRules` setting: rule sets of the IDE's rule builder over the facts of an answer. */
export function responseRulesSetting() {
  return z
    .preprocess((value) => value ?? undefined, z.array(RuleSetSchema).default([]))
    .describe(
      'Rule sets over the answer (fields text, length or "Response Length", model, stopReason, inputTokens, outputTokens); when set, an answer none of them holds for fails the node',
    );
}

/** What the rules of an answer can read. */
export interface AnswerFacts {
  text: string;
  model: string;
  stopReason?: string;
  inputTokens?: number;
  outputTokens?: number;
}

/** The object the rules are evaluated on: the answer's facts, its length also under the IDE's field label `Response Length`. */
function answerFactsPacket(facts: AnswerFacts): JsonObject {
  const packet: JsonObject = { text: facts.text, length: facts.text.length, 'Response Length': facts.text.length, model: facts.model };
  if (facts.stopReason !== undefined) packet.stopReason = facts.stopReason;
  if (facts.inputTokens !== undefined) packet.inputTokens = facts.inputTokens;
  if (facts.outputTokens !== undefined) packet.outputTokens = facts.outputTokens;
  return packet;
}

/**
 * Checks an answer against the node's rules: nothing happens when there are none or one holds; otherwise the
 * answer is refused, as the IDE's rules say which answers may go on.
 * @throws ActorError with the answer's facts, naming the setting
 */
export function checkResponseRules(rules: readonly RuleSet[], facts: AnswerFacts): void {
  if (rules.length === 0) return;
  const packet = answerFactsPacket(facts);
  if (evaluateRuleSets(rules, packet)) return;
  throw new ActorError(`The answer meets none of the rule sets of config 'responseRules' (${rules.length} set${rules.length === 1 ? '' : 's'})`, {
    answer: packet,
  });
}
