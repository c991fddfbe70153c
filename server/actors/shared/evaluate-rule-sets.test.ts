import { type JsonValue } from '../../engine';
import { evaluateRuleSets } from './evaluate-rule-sets';
import { RuleSetSchema } from './rule-set';

const rule = (field: string, operator: string, value?: JsonValue) => ({ field, operator, value });
const group = (connector: 'AND' | 'OR', ...rules: ReturnType<typeof rule>[]) => ({ connector, rules });
const sets = (...raw: unknown[]) => raw.map((set) => RuleSetSchema.parse(set));

describe('evaluateRuleSets', () => {
  const packet = { a: 1, b: 2, c: 3 };

  it('is false without rule sets, or with sets that have no rules', () => {
    expect(evaluateRuleSets([], packet)).toBe(false);
    expect(evaluateRuleSets(sets({ type: 'IF', groups: [] }, { type: 'IF', groups: [group('AND')] }), packet)).toBe(false);
  });

  it('requires every rule of a group', () => {
    expect(evaluateRuleSets(sets({ groups: [group('AND', rule('a', 'is', '1'), rule('b', 'is', '2'))] }), packet)).toBe(true);
    expect(evaluateRuleSets(sets({ groups: [group('AND', rule('a', 'is', '1'), rule('b', 'is', '9'))] }), packet)).toBe(false);
  });

  it('joins each group to the ones before it with its connector, AND binding tighter than OR', () => {
    const t = rule('a', 'is', '1');
    const f = rule('a', 'is', '0');
    const build = (...groups: ReturnType<typeof group>[]) => sets({ type: 'IF', groups });
    expect(evaluateRuleSets(build(group('AND', f), group('OR', t)), packet)).toBe(true);
    expect(evaluateRuleSets(build(group('AND', t), group('AND', f)), packet)).toBe(false);
    expect(evaluateRuleSets(build(group('AND', t), group('OR', f), group('AND', f)), packet)).toBe(true);
    expect(evaluateRuleSets(build(group('AND', f), group('OR', t), group('AND', f)), packet)).toBe(false);
    expect(evaluateRuleSets(build(group('OR', t), group('AND', t), group('AND', t)), packet)).toBe(true);
  });

  it('holds when any rule set holds, IF and OR sets alike', () => {
    const failing = { type: 'IF', groups: [group('AND', rule('a', 'is', '5'))] };
    const passing = { type: 'OR', groups: [group('AND', rule('c', 'greater_than', '2'))] };
    expect(evaluateRuleSets(sets(failing, passing), packet)).toBe(true);
    expect(evaluateRuleSets(sets(failing, failing), packet)).toBe(false);
  });
});
