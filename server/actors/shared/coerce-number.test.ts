import { describeValue } from './describe-value';
import { isNumeric, parseNumeric, toNumber, toNumberArray } from './coerce-number';

describe('toNumber', () => {
  it('takes numbers and numeric text, trimming spaces', () => {
    expect(toNumber(4.5, 'a-in')).toBe(4.5);
    expect(toNumber(' 4.5 ', 'a-in')).toBe(4.5);
    expect(toNumber('-1e3', 'a-in')).toBe(-1000);
    expect(toNumber('Infinity', 'a-in')).toBe(Infinity);
  });

  it('throws an error naming the port and the value for anything else', () => {
    expect(() => toNumber('abc', 'b-in')).toThrow(`Port 'b-in' expects a number, got "abc"`);
    expect(() => toNumber('', 'b-in')).toThrow(`got ""`);
    expect(() => toNumber(true, 'b-in')).toThrow('got true');
    expect(() => toNumber(null, 'value-in')).toThrow(`Port 'value-in' expects a number, got null`);
    expect(() => toNumber({ x: 1 }, 'value-in')).toThrow('got an object');
    expect(() => toNumber('NaN', 'value-in')).toThrow('got "NaN"');
  });
});

describe('toNumberArray', () => {
  it('coerces every element, or names the index of the first that is not a number', () => {
    expect(toNumberArray([1, '2', ' 3 '], 'array-in')).toEqual([1, 2, 3]);
    expect(() => toNumberArray([1, 'x'], 'array-in')).toThrow(`Port 'array-in' expects an array of numbers, got "x" at index 1`);
    expect(() => toNumberArray('1,2', 'array-in')).toThrow('got "1,2"');
  });

  it('skips what is not a number when asked to', () => {
    expect(toNumberArray([1, 'x', null, '2', { a: 1 }], 'array-in', true)).toEqual([1, 2]);
  });
});

describe('parseNumeric and describeValue', () => {
  it('tells numeric values from the rest', () => {
    expect(parseNumeric('0x10')).toBe(16);
    expect(isNumeric('12')).toBe(true);
    expect(isNumeric('  ')).toBe(false);
    expect(isNumeric(false)).toBe(false);
  });

  it('describes values briefly, cutting long text', () => {
    expect(describeValue(undefined)).toBe('nothing');
    expect(describeValue([1])).toBe('an array');
    expect(describeValue('x'.repeat(100))).toHaveLength(44);
  });
});
