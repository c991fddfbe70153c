import { errorMessage } from '../../engine';
import { toMathSyntax } from './js-condition-syntax';
import { compileExpression } from './restricted-math';

/** A compiled condition: tells whether it holds for a scope. */
export type ConditionTest = (scope: Record<string, unknown>) => boolean;

/** Reads an expression result as a condition: booleans as they are, numbers by non-zero, null/undefined as false, text by non-empty. */
function truthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '';
  throw new Error('it must evaluate to true or false, not a matrix or an object');
}

/**
 * Compiles a condition written in mathjs syntax or with JavaScript operators (`&&`, `||`, `!`, `===`, `!==`)
 * into a test, evaluated by the restricted mathjs instance - never by JavaScript `eval`. Object fields are
 * read with dots (`item.total > 100`); array indexes are one-based, as everywhere in mathjs.
 * @throws Error naming the condition when it does not parse or assigns a variable.
 * @example compileCondition('item.total > 100 && index < 10')({ item: { total: 120 }, index: 2 }) // true
 */
export function compileCondition(source: string): ConditionTest {
  let evaluate: (scope: Record<string, unknown>) => unknown;
  try {
    evaluate = compileExpression(toMathSyntax(source));
  } catch (error) {
    throw new Error(`Condition '${source}' is invalid: ${errorMessage(error)}`);
  }
  return (scope) => {
    try {
      return truthy(evaluate(scope));
    } catch (error) {
      throw new Error(`Condition '${source}' failed: ${errorMessage(error)}`);
    }
  };
}
