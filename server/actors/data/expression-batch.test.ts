import { disposeSandboxIsolates } from '../sandbox';
import { evaluateExpressions } from './expression-batch';

afterAll(() => disposeSandboxIsolates());

describe('sandboxed expression batches', () => {
  it('evaluates every expression for every item in one call, with fields in scope', async () => {
    const results = await evaluateExpressions({
      expressions: ['total >= 100', 'item.qty * item.unitPrice', 'index', 'value + 1'],
      items: [
        { total: 150, qty: 2, unitPrice: 3 },
        { total: 50, qty: 1, unitPrice: 4 },
      ],
      values: [
        [0, 0, 0, 10],
        [0, 0, 0, 20],
      ],
      offset: 5,
    });
    expect(results).toEqual([
      [{ ok: true, value: true }, { ok: true, value: 6 }, { ok: true, value: 5 }, { ok: true, value: 11 }],
      [{ ok: true, value: false }, { ok: true, value: 4 }, { ok: true, value: 6 }, { ok: true, value: 21 }],
    ]);
  });

  it("keeps one item's error from spoiling the others", async () => {
    const results = await evaluateExpressions({ expressions: ['item.a.b'], items: [{ a: { b: 1 } }, { a: null }] });
    expect(results[0]).toEqual([{ ok: true, value: 1 }]);
    expect(results[1][0]).toMatchObject({ ok: false, error: expect.stringContaining('TypeError') });
  });

  it('turns undefined into null and drops what is not JSON', async () => {
    const results = await evaluateExpressions({ expressions: ['item.missing', '({ f: () => 1, n: 2 })'], items: [{}] });
    expect(results[0]).toEqual([{ ok: true, value: null }, { ok: true, value: { n: 2 } }]);
  });

  it('fails the whole batch on a syntax error', async () => {
    await expect(evaluateExpressions({ expressions: ['item.a +'], items: [{ a: 1 }] })).rejects.toThrow('SyntaxError');
  });

  it('gives the host no way out: process, require and the Function constructor lead nowhere', async () => {
    const results = await evaluateExpressions({
      expressions: ['process.exit(1)', "this.constructor.constructor('return process')()", "require('fs')", "(() => {}).constructor('return process')()"],
      items: [{}],
    });
    for (const result of results[0]) expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/is not defined|Cannot read properties of undefined/) });
  });
});
