import type * as MathJs from 'mathjs';
import { parseNumeric } from './coerce-number';

/** The longest expression the restricted instance accepts. */
export const MAX_EXPRESSION_LENGTH = 10_000;

/** The functions the expression language may not call: they change the instance or parse new expressions. */
const DISABLED_FUNCTIONS = [
  'import',
  'createUnit',
  'reviver',
  'evaluate',
  'parse',
  'compile',
  'resolve',
  'simplify',
  'simplifyCore',
  'simplifyConstant',
  'derivative',
  'rationalize',
  'symbolicEqual',
  'leafCount',
] as const;

/** The restricted mathjs instance, and its parser and evaluator captured before they were disabled. */
export interface RestrictedMath {
  readonly math: MathJs.MathJsInstance;
  readonly evaluate: (expression: string, scope: Record<string, unknown>) => unknown;
  readonly parse: (expression: string) => MathJs.MathNode;
}

let instance: RestrictedMath | undefined;

/** Two strings compare as numbers when both are numeric, as text otherwise (mathjs would refuse `"a" == "b"`). */
function textComparison(compare: (a: string | number, b: string | number) => boolean) {
  return (a: string, b: string): boolean => {
    const x = parseNumeric(a);
    const y = parseNumeric(b);
    return x !== undefined && y !== undefined ? compare(x, y) : compare(a, b);
  };
}

/** Loads mathjs on first use: it takes about a second, which the catalogue and the server should not pay at start. */
function loadMathjs(): typeof MathJs {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('mathjs') as typeof MathJs;
}

function build(): RestrictedMath {
  const { create, all } = loadMathjs();
  const math = create(all);
  const textOperators = {
    equal: (a: string | number, b: string | number) => a === b,
    unequal: (a: string | number, b: string | number) => a !== b,
    smaller: (a: string | number, b: string | number) => a < b,
    smallerEq: (a: string | number, b: string | number) => a <= b,
    larger: (a: string | number, b: string | number) => a > b,
    largerEq: (a: string | number, b: string | number) => a >= b,
  };
  math.import(
    Object.fromEntries(Object.entries(textOperators).map(([name, compare]) => [name, math.typed(name, { 'string, string': textComparison(compare) })])),
  );
  const { evaluate, parse } = math;
  math.import(
    Object.fromEntries(
      DISABLED_FUNCTIONS.map((name) => [
        name,
        () => {
          throw new Error(`Function ${name} is disabled`);
        },
      ]),
    ),
    { override: true },
  );
  return { math, evaluate: (expression, scope) => evaluate(expression, scope), parse: (expression) => parse(expression) };
}

/**
 * The shared restricted mathjs instance (built on first use), following mathjs's security advice: `import`,
 * `createUnit`, `evaluate`, `parse`, `compile`, `simplify`, `derivative` and the other parsing functions
 * are disabled inside expressions; text comparisons (`"a" == "b"`) work.
 */
export function restrictedMath(): RestrictedMath {
  instance ??= build();
  return instance;
}

function checkLength(expression: string): void {
  if (expression.length > MAX_EXPRESSION_LENGTH) throw new Error(`The expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
}

/** A deep copy of the plain objects and arrays of a scope (other values are shared, they cannot be assigned into). */
function copyScope<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyScope) as T;
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, copyScope(entry)])) as T;
}

/**
 * Evaluates a mathjs expression with variables from a scope, which it works on a copy of (assignments in
 * the expression never change the caller's objects).
 * @example evaluateExpression('a * b + 1', { a: 2, b: 3 }) // 7
 */
export function evaluateExpression(expression: string, scope: Record<string, unknown>): unknown {
  checkLength(expression);
  return restrictedMath().evaluate(expression, copyScope(scope));
}

/**
 * Parses an expression once into a function of a scope; assignments and function definitions are refused,
 * so evaluating it can never change the scope.
 * @throws Error when the expression does not parse or assigns.
 */
export function compileExpression(expression: string): (scope: Record<string, unknown>) => unknown {
  checkLength(expression);
  const node = restrictedMath().parse(expression);
  if (node.filter((child) => child.type === 'AssignmentNode' || child.type === 'FunctionAssignmentNode').length > 0) {
    throw new Error('The expression may not assign variables or define functions');
  }
  const compiled = node.compile();
  return (scope) => compiled.evaluate({ ...scope });
}
