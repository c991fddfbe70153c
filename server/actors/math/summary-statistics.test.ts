import fc from 'fast-check';
import { mean, summaryStatistics } from './summary-statistics';

describe('summaryStatistics', () => {
  it('takes the middle pair for an even count and the smallest value on a mode tie', () => {
    expect(summaryStatistics([4, 1, 3, 2], true)).toMatchObject({ median: 2.5, mode: 1 });
    expect(summaryStatistics([5, 5, 1, 1, 3], false)).toMatchObject({ median: 3, mode: 1 });
  });

  it('has a mean between the extremes and a non-negative variance (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 50 }), (values) => {
        const stats = summaryStatistics(values, true);
        const slack = 1e-6;
        expect(stats.mean!).toBeGreaterThanOrEqual(Math.min(...values) - slack);
        expect(stats.mean!).toBeLessThanOrEqual(Math.max(...values) + slack);
        expect(stats.variance!).toBeGreaterThanOrEqual(0);
        expect(stats.std! ** 2).toBeCloseTo(stats.variance!, 0);
        expect(values).toContain(stats.mode);
      }),
    );
  });

  it('has no mean for an empty list', () => {
    expect(mean([])).toBeNull();
  });
});
