import fc from 'fast-check';
import { cleanFloat, roundTo } from './round-to-precision';
import { jsonNumber } from './json-number';

describe('roundTo', () => {
  it('gives exact decimals without binary noise', () => {
    expect(roundTo(3 * 4.5, 2)).toBe(13.5);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
    expect(roundTo(Math.sqrt(16), 2)).toBe(4);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(4.35, 1, 'floor')).toBe(4.3);
    expect(roundTo(4.35, 2, 'floor')).toBe(4.35);
  });

  it('rounds halves away from zero and applies floor, ceil and trunc', () => {
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(-2.5, 0)).toBe(-3);
    expect(roundTo(-2.45, 1, 'floor')).toBe(-2.5);
    expect(roundTo(-2.45, 1, 'ceil')).toBe(-2.4);
    expect(roundTo(-2.45, 1, 'trunc')).toBe(-2.4);
    expect(roundTo(2.41, 1, 'ceil')).toBe(2.5);
  });

  it('handles tiny, huge and non-finite numbers and never returns -0', () => {
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true);
    expect(roundTo(1.23e-7, 9)).toBe(1.23e-7);
    expect(roundTo(1e300, 10)).toBe(1e300);
    expect(roundTo(Infinity, 2)).toBe(Infinity);
  });

  it('stays within half a unit of the last kept place (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 6 }), (value, precision) => {
        const rounded = roundTo(value, precision);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(0.5 * 10 ** -precision + Math.abs(value) * 1e-15);
      }),
    );
  });

  it('is idempotent and keeps floor <= round <= ceil (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 8 }), (value, precision) => {
        const rounded = roundTo(value, precision);
        expect(roundTo(rounded, precision)).toBe(rounded);
        expect(roundTo(value, precision, 'floor')).toBeLessThanOrEqual(rounded);
        expect(roundTo(value, precision, 'ceil')).toBeGreaterThanOrEqual(rounded);
      }),
    );
  });

  it('prints at most `precision` decimals (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 6 }), (value, precision) => {
        const text = String(roundTo(value, precision));
        if (text.includes('e')) return;
        expect((text.split('.')[1] ?? '').length).toBeLessThanOrEqual(precision);
      }),
    );
  });
});

describe('cleanFloat and jsonNumber', () => {
  it('drops binary noise past 15 significant digits', () => {
    expect(cleanFloat(0.1 + 0.2)).toBe(0.3);
    expect(cleanFloat(0.3 - 0.1)).toBe(0.2);
    expect(cleanFloat(123456.789)).toBe(123456.789);
  });

  it('turns infinities into text and refuses NaN', () => {
    expect(jsonNumber(2)).toBe(2);
    expect(jsonNumber(-Infinity)).toBe('-Infinity');
    expect(() => jsonNumber(NaN, '-8 ^ 0.5')).toThrow('-8 ^ 0.5 is not a number');
  });
});
