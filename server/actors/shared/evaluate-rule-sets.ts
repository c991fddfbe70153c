import { type JsonValue } from '../../engine';
import { evaluateRule } from './evaluate-rule';
import { type RuleGroup, type RuleSet } from './rule-set';

/** Whether every rule of a group holds (the rule builder offers no connector between rules of a group). */
function groupHolds(group: RuleGroup, packet: JsonValue): boolean {
  return group.rules.every((rule) => evaluateRule(rule, packet));
}

/**
 * Whether a rule set holds. Its groups read left to right, each joined to the ones before it by its own
 * `connector` (the rule builder shows it between groups), with AND binding tighter than OR:
 * `A, OR B, AND C` is `A or (B and C)`. Groups without rules are skipped; a set with no rules is false.
 */
function ruleSetHolds(set: RuleSet, packet: JsonValue): boolean {
  const groups = set.groups.filter((group) => group.rules.length > 0);
  if (groups.length === 0) return false;
  let term = groupHolds(groups[0], packet);
  for (const group of groups.slice(1)) {
    if (group.connector === 'OR') {
      if (term) return true;
      term = groupHolds(group, packet);
    } else term = term && groupHolds(group, packet);
  }
  return term;
}

/**
 * Evaluates the rule sets of an If Branch: true when any set holds (an `OR` set is an alternative to the
 * `IF` set, so every set is tried); false when there are none.
 */
export function evaluateRuleSets(sets: readonly RuleSet[], packet: JsonValue): boolean {
  return sets.some((set) => ruleSetHolds(set, packet));
}
