import { coerceText } from './coerce-text';

describe('coerceText', () => {
  it('reads decimal text as numbers', () => {
    expect(coerceText('100')).toBe(100);
    expect(coerceText('-2.5')).toBe(-2.5);
    expect(coerceText('1e3')).toBe(1000);
    expect(coerceText('0')).toBe(0);
  });

  it('reads true and false in any case as booleans', () => {
    expect(coerceText('true')).toBe(true);
    expect(coerceText('FALSE')).toBe(false);
  });

  it('keeps text that only looks numeric as text', () => {
    expect(coerceText('007')).toBe('007');
    expect(coerceText('0x1F')).toBe('0x1F');
    expect(coerceText('12345678901234567890')).toBe('12345678901234567890');
    expect(coerceText('1e999')).toBe('1e999');
    expect(coerceText('')).toBe('');
    expect(coerceText('null')).toBe('null');
  });

  it('parses JSON-looking arrays and objects, and keeps malformed ones as text', () => {
    expect(coerceText('["a", 1]')).toEqual(['a', 1]);
    expect(coerceText('{"x": true}')).toEqual({ x: true });
    expect(coerceText('[not json]')).toBe('[not json]');
  });
});
