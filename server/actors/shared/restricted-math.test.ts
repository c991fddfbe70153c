import { compileCondition } from './compile-condition';
import { toMathSyntax } from './js-condition-syntax';
import { mathResultToJson } from './math-result-to-json';
import { MAX_EXPRESSION_LENGTH, compileExpression, evaluateExpression } from './restricted-math';

describe('the restricted mathjs instance', () => {
  it('evaluates expressions with the variables of a scope', () => {
    expect(evaluateExpression('price * quantity * (1 + vat)', { price: 10, quantity: 3, vat: 0.2 })).toBeCloseTo(36);
    expect(evaluateExpression('item.total > 100 and index >= 2', { item: { total: 200 }, index: 3 })).toBe(true);
  });

  it.each([
    'import({x: 1}, {override: true})',
    'createUnit("foo")',
    'evaluate("1 + 1")',
    'parse("1")',
    'compile("1")',
    'simplify("x + x")',
    'derivative("x^2", "x")',
    'resolve(x)',
  ])('refuses %s', (expression) => {
    expect(() => evaluateExpression(expression, { x: 1 })).toThrow(/is disabled/);
  });

  it('keeps JavaScript internals out of reach', () => {
    expect(() => evaluateExpression('x.constructor', { x: {} })).toThrow(/No access/);
    expect(() => evaluateExpression('cos.constructor("return process")()', {})).toThrow();
  });

  it('never changes the caller scope, even when the expression assigns', () => {
    const scope = { o: { a: 1 }, b: 2 };
    expect(evaluateExpression('o.a = 5; b = 3; o.a + b', scope)).toMatchObject({ entries: [8] });
    expect(scope).toEqual({ o: { a: 1 }, b: 2 });
  });

  it('compares text with text, numerically when both sides are numeric', () => {
    expect(evaluateExpression('"abc" == "abc"', {})).toBe(true);
    expect(evaluateExpression('s != "abd"', { s: 'abc' })).toBe(true);
    expect(evaluateExpression('"b" > "a"', {})).toBe(true);
    expect(evaluateExpression('"10" > "9"', {})).toBe(true);
  });

  it('refuses overlong expressions and, when compiling, assignments', () => {
    expect(() => evaluateExpression('1+'.repeat(MAX_EXPRESSION_LENGTH), {})).toThrow('longer than');
    expect(() => compileExpression('a = 1')).toThrow('may not assign');
    expect(() => compileExpression('f(x) = x')).toThrow('may not assign');
    expect(compileExpression('a * 2')({ a: 4 })).toBe(8);
  });
});

describe('mathResultToJson', () => {
  it('rounds numbers and converts mathjs values to JSON', () => {
    expect(mathResultToJson(evaluateExpression('0.1 + 0.2', {}), 4)).toBe(0.3);
    expect(mathResultToJson(evaluateExpression('sqrt(-4)', {}), 2)).toEqual({ re: 0, im: 2 });
    expect(mathResultToJson(evaluateExpression('[1, 2] / 3', {}), 2)).toEqual([0.33, 0.67]);
    expect(mathResultToJson(evaluateExpression('2 inch to cm', {}), 2)).toBe('5.08 cm');
    expect(mathResultToJson(evaluateExpression('a = 2; a * 3', {}), 2)).toBe(6);
    expect(mathResultToJson(evaluateExpression('bignumber(2) / 4', {}), 2)).toBe(0.5);
    expect(mathResultToJson(evaluateExpression('fraction(1, 4)', {}), 2)).toBe(0.25);
    expect(mathResultToJson(evaluateExpression('complex(3, 0)', {}), 2)).toBe(3);
    expect(mathResultToJson(evaluateExpression('1 / 0', {}))).toBe('Infinity');
    expect(mathResultToJson({ a: [true, 'x', null] })).toEqual({ a: [true, 'x', null] });
  });

  it('refuses functions and NaN', () => {
    expect(() => mathResultToJson(evaluateExpression('f(x) = x', {}))).toThrow('a function');
    expect(() => mathResultToJson(evaluateExpression('0 / 0', {}))).toThrow('not a number');
  });
});

describe('conditions', () => {
  it('rewrites JavaScript operators outside string literals', () => {
    expect(toMathSyntax("a === 1 && !b || c !== 'x && y'")).toBe("a == 1 and not b or c != 'x && y'");
    expect(toMathSyntax('5! == 120 and not x')).toBe('5! == 120 and not x');
    expect(toMathSyntax('a && !(b)')).toBe('a and not (b)');
  });

  it('compiles a JavaScript-style condition and tests scopes with it', () => {
    const test = compileCondition("item.status === 'done' || (index >= 3 && !item.keep)");
    expect(test({ item: { status: 'done', keep: true }, index: 0 })).toBe(true);
    expect(test({ item: { status: 'open', keep: false }, index: 3 })).toBe(true);
    expect(test({ item: { status: 'open', keep: true }, index: 3 })).toBe(false);
  });

  it('reads numbers, null and text as true or false, and names the condition when it fails', () => {
    expect(compileCondition('index')({ index: 0 })).toBe(false);
    expect(compileCondition('item')({ item: null })).toBe(false);
    expect(compileCondition('item')({ item: 'x' })).toBe(true);
    expect(() => compileCondition('item')({ item: [1, 2] })).toThrow("Condition 'item' failed: it must evaluate to true or false");
    expect(() => compileCondition('item >')).toThrow("Condition 'item >' is invalid");
    expect(() => compileCondition('x = 1')).toThrow('may not assign');
    expect(() => compileCondition('missing > 1')({})).toThrow(/Undefined symbol missing/);
  });
});
