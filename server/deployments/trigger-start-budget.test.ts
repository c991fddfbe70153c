import { TriggerStartBudget } from './trigger-start-budget';

describe('TriggerStartBudget', () => {
  it('takes at most perSecond starts in any one-second window, across the boundary of a second too', () => {
    let now = 10_500;
    const budget = new TriggerStartBudget(3, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    expect(budget.hasRoom()).toBe(false);
    now = 11_000;
    // A fixed per-second window would take three more here.
    expect(budget.take()).toBe(false);
    now = 11_499;
    expect(budget.hasRoom()).toBe(false);
    now = 11_500;
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  });

  it('frees one start per start that leaves the window', () => {
    let now = 0;
    const budget = new TriggerStartBudget(2, () => now);
    expect(budget.take()).toBe(true);
    now = 400;
    expect(budget.take()).toBe(true);
    now = 1000;
    expect([budget.take(), budget.take()]).toEqual([true, false]);
    now = 1400;
    expect([budget.take(), budget.take()]).toEqual([true, false]);
  });
});
