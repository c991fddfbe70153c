import { errorMessage } from '../sdk/actor-error';
import { jsonProblem } from './json-problem';

describe('jsonProblem', () => {
  it('accepts plain JSON values, shared references included', () => {
    const shared = { a: 1 };
    for (const value of [null, true, 0, -1.5, 'x', [], {}, [shared, shared], { n: { m: [1, 'b', null] } }, Object.create(null)]) {
      expect(jsonProblem(value)).toBeUndefined();
    }
  });

  it('names what is not JSON', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(jsonProblem(undefined)).toBe('a value of type undefined');
    expect(jsonProblem(() => 1)).toBe('a value of type function');
    expect(jsonProblem(10n)).toBe('a value of type bigint');
    expect(jsonProblem(NaN)).toBe('a non-finite number (NaN)');
    expect(jsonProblem({ a: [new Map()] })).toBe('an instance of Map');
    expect(jsonProblem(cyclic)).toBe('a cyclic value');
    expect(jsonProblem([1, undefined])).toBe('a value of type undefined');
  });
});

describe('errorMessage', () => {
  it('takes the message of anything thrown without an Error: prefix', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage(new TypeError(''))).toBe('TypeError');
    expect(errorMessage('Error: text')).toBe('text');
    expect(errorMessage({ code: 1 })).toBe('{"code":1}');
    expect(errorMessage(undefined)).toBe('undefined');
  });
});
