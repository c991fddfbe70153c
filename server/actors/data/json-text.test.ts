import { parseJsonText } from './json-text';

const strict = { strict: true, allowComments: false };
const lenient = { strict: false, allowComments: false };

describe('JSON text', () => {
  it('parses strict JSON, keeping __proto__ an ordinary key', () => {
    const outcome = parseJsonText('{"a": [1, 2], "__proto__": {"x": 1}}', strict);
    expect(outcome).toEqual({ ok: true, value: { a: [1, 2], ['__proto__']: { x: 1 } } });
    expect(outcome.ok && Object.getPrototypeOf(outcome.value)).toBe(Object.prototype);
  });

  it('names the line and column of a syntax error', () => {
    expect(parseJsonText('{\n  "a": 1,\n  "b" 2\n}', strict)).toEqual({
      ok: false,
      problem: { message: 'Invalid JSON at line 3, column 7: Colon expected', line: 3, column: 7, offset: 18 },
    });
  });

  it('refuses trailing commas in strict mode and accepts them in lenient mode', () => {
    expect(parseJsonText('{"a": [1, 2,],}', strict)).toMatchObject({ ok: false, problem: { message: expect.stringContaining('line 1') } });
    expect(parseJsonText('{"a": [1, 2,],}', lenient)).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonText('\uFEFF[1]', lenient)).toEqual({ ok: true, value: [1] });
  });

  it('accepts comments only when they are allowed, and keeps comment-like text inside strings', () => {
    const text = '{\n  // the id\n  "id": "a//b", /* inline */ "n": 1\n}';
    expect(parseJsonText(text, strict)).toMatchObject({ ok: false, problem: { message: 'Invalid JSON at line 2, column 3: comments are not allowed' } });
    expect(parseJsonText(text, { strict: true, allowComments: true })).toEqual({ ok: true, value: { id: 'a//b', n: 1 } });
  });

  it('refuses empty text', () => {
    expect(parseJsonText('  ', lenient)).toMatchObject({ ok: false, problem: { message: expect.stringContaining('Value expected') } });
  });
});
